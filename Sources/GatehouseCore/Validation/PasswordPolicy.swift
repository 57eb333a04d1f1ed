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

/// The password rules shared by the server, the SDK and the pages.
///
/// NIST 800-63B: a minimum length (8 by default, the specs' figure) and no composition rules.
/// bcrypt reads at most 72 bytes, so longer passwords are refused rather than silently truncated.
public struct PasswordPolicy: Sendable, Equatable {
    public static let maximumBytes = 72
    public static let defaultMinimumLength = 8

    public var minimumLength: Int

    public init(minimumLength: Int = PasswordPolicy.defaultMinimumLength) {
        self.minimumLength = max(1, minimumLength)
    }

    /// bcrypt stops at the first NUL byte, so `abc\0xyz` would match `abc\0anything`: such
    /// passwords are refused wherever one is set.
    public static func containsNUL(_ password: String) -> Bool {
        password.utf8.contains(0)
    }

    public func check(_ password: String) -> PasswordCheck {
        if password.isEmpty { return .missing }
        if password.utf8.count > Self.maximumBytes { return .tooLong }
        if password.count < minimumLength { return .tooShort(minimumLength: minimumLength) }
        return .acceptable
    }
}

public enum PasswordCheck: Equatable, Sendable {
    case acceptable
    case missing
    case tooShort(minimumLength: Int)
    case tooLong
    /// On the list of common and breached passwords. Only the server holds that list (it is a
    /// megabyte: apps do not ship it), so `check` never answers this; clients learn it from the
    /// server's `weak_password` reason `pwned` (`init?(weakPasswordReasons:)`).
    case tooCommon

    /// GoTrue's `weak_password.reasons` values for a policy failure (`length` for too short,
    /// `pwned` for a known password).
    public var weakPasswordReasons: [String] {
        switch self {
        case .tooShort: ["length"]
        case .tooCommon: ["pwned"]
        case .acceptable, .missing, .tooLong: []
        }
    }

    /// GoTrue's message for a known password (password.go), sent with the reason `pwned` (and
    /// after `WEAK_PASSWORD : ` to Firebase clients, whose errors carry no reasons).
    public static let tooCommonMessage = "Password is known to be weak and easy to guess, please choose a different one."

    /// GoTrue's reason `pwned` is `.tooCommon`; anything else is left to the caller.
    public static func tooCommon(reasons: [String]?) -> Bool {
        reasons?.contains("pwned") ?? false
    }
}
