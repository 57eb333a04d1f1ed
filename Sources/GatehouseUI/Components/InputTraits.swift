//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#if canImport(SwiftUI)
    import SwiftUI

    extension View {
        /// An email field (spec 002 §6, Story 1.4): email keyboard and content type, no
        /// autocapitalization, no autocorrection.
        func emailInput() -> some View {
            #if os(iOS)
                self.keyboardType(.emailAddress)
                    .textContentType(.emailAddress)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
            #else
                self.autocorrectionDisabled()
            #endif
        }

        /// A password field: the default keyboard, no autocorrection, and the content type that
        /// lets Password AutoFill offer the saved password (or a strong new one).
        func passwordInput(isNew: Bool = false) -> some View {
            #if os(iOS)
                self.textContentType(isNew ? .newPassword : .password)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
            #else
                self.autocorrectionDisabled()
            #endif
        }
    }
#endif
