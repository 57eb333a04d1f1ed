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

/// The confirm-password rule of every form that sets a password (sign-up, reset, change):
/// the second entry must be present and equal the first. One rule for the server's pages, the
/// feature models and the CLI, so they cannot drift apart.
public enum PasswordConfirmation: Equatable, Sendable {
    /// The confirmation field is empty.
    case missing
    /// The two entries differ.
    case mismatch

    /// What is wrong with `confirmation` for `password`; nil when it matches.
    public static func problem(password: String, confirmation: String) -> PasswordConfirmation? {
        if confirmation.isEmpty { return .missing }
        return confirmation == password ? nil : .mismatch
    }
}
