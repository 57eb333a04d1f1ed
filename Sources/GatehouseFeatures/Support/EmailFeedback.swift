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

import Foundation
import GatehouseCore

/// Story 1.4's "real-time email validation with visual feedback": a green check once the
/// address is well-formed, a red cross while what is typed is not one yet, nothing for an
/// empty field. Unlike the on-blur error, it follows every keystroke.
public enum EmailFeedback: Equatable, Sendable {
    case none, valid, invalid

    public init(_ typed: String) {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            self = .none
        } else {
            self = EmailAddress.isValid(trimmed) ? .valid : .invalid
        }
    }
}
