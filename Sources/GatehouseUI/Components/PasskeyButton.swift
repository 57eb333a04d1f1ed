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
    import GatehouseClient
    import SwiftUI

    /// "Sign in with a passkey": a bordered button under the primary one, with the key symbol,
    /// a spinner while the system sheet is up, and its own accessibility label and hint.
    struct PasskeyButton: View {
        let title: String
        let isBusy: Bool
        let isDisabled: Bool
        let action: () -> Void

        var body: some View {
            Button(action: action) {
                HStack(spacing: 8) {
                    Image(systemName: "person.badge.key.fill").accessibilityHidden(true)
                    Text(title).font(.body.weight(.semibold))
                    if isBusy { ProgressView() }
                }
                .frame(maxWidth: .infinity, minHeight: 48)
            }
            .buttonStyle(.bordered)
            .disabled(isDisabled)
            .accessibilityLabel(PasskeyText.signInButton)
            .accessibilityHint(PasskeyText.signInHint)
        }
    }
#endif
