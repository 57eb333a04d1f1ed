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

/// The device's side of a passkey: asks the platform (Face ID, Touch ID, the passcode, a phone
/// nearby) to create or use one. `PlatformPasskeyCeremony` is AuthenticationServices' provider;
/// tests pass a fake, so the flows around it run anywhere.
public protocol PasskeyCeremony: Sendable {
    /// Creates a passkey for `options`' relying party, user and challenge.
    func register(_ options: PasskeyRegistrationOptions) async throws -> RegistrationCredential
    /// Signs `options`' challenge with a passkey the person picks.
    func assert(_ options: PasskeyAuthenticationOptions) async throws -> AssertionCredential
}

/// How a ceremony ends without a credential. Task cancellation ends it with `CancellationError`.
public enum PasskeyCeremonyError: Error, Sendable, Equatable {
    /// The person closed the sheet: not an error to show.
    case cancelled
    /// This device holds no passkey for the relying party (and was asked not to look further).
    case noCredentials
    /// The platform cannot do passkeys (too old an OS, no associated domain for the RP id).
    case notSupported
    /// Anything else the platform reported, or options it cannot use (no `rpId`, no challenge).
    case failed(String)
}
