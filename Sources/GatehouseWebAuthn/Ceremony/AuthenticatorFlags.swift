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

/// The flags byte of authenticator data (W3C WebAuthn §6.1).
public struct AuthenticatorFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// UP: the user touched or otherwise confirmed presence.
    public static let userPresent = AuthenticatorFlags(rawValue: 0x01)
    /// UV: the user was verified (biometric, PIN).
    public static let userVerified = AuthenticatorFlags(rawValue: 0x04)
    /// BE: the credential may be synced to other devices (a "multi-device" passkey).
    public static let backupEligible = AuthenticatorFlags(rawValue: 0x08)
    /// BS: the credential is currently backed up.
    public static let backedUp = AuthenticatorFlags(rawValue: 0x10)
    /// AT: attested credential data follows the counter.
    public static let attestedCredentialData = AuthenticatorFlags(rawValue: 0x40)
    /// ED: an extensions map ends the data.
    public static let extensionData = AuthenticatorFlags(rawValue: 0x80)
}
