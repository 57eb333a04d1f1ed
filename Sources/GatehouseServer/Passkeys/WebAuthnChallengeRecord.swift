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

/// A stored ceremony challenge (`webauthn_challenges`).
struct WebAuthnChallengeRecord: Sendable, Equatable {
    enum CeremonyType: String, Sendable {
        case registration, authentication
    }

    var id: UUID
    /// The user registering; nil for sign-in.
    var userId: UUID?
    var type: CeremonyType
    /// The 32 random bytes, base64url as sent in the options.
    var challenge: String
    var createdAt: Timestamp
    var expiresAt: Timestamp
}

/// A started ceremony as a client gets it: the challenge's id, when it expires, and the options
/// for `navigator.credentials.create/get` (W3C `PublicKeyCredential*OptionsJSON`, every binary
/// value base64url). The API answers `{challenge_id, options, expires_at}`; a page embeds it.
struct PasskeyChallenge: Sendable, Equatable {
    var id: UUID
    var expiresAt: Timestamp
    var options: JSONValue
}
