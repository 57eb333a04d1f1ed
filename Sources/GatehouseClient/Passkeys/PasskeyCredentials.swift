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

/// What a passkey ceremony produced at registration, as W3C `RegistrationResponseJSON` (every
/// binary field base64url without padding); `POST /passkeys/registration/verify` checks it.
public struct RegistrationCredential: Codable, Sendable, Equatable {
    public var id: String
    public var rawId: String
    public var type: String
    public var response: Response
    /// `platform` for a passkey of this device (or its synced keychain), `cross-platform` for a security key.
    public var authenticatorAttachment: String?
    public var clientExtensionResults: [String: JSONValue]

    public struct Response: Codable, Sendable, Equatable {
        public var clientDataJSON: String
        public var attestationObject: String
        public var transports: [String]?
    }

    /// From the raw bytes the platform hands back.
    public init(
        credentialID: Data, clientDataJSON: Data, attestationObject: Data, transports: [String]? = nil,
        authenticatorAttachment: String? = nil
    ) {
        id = Base64URL.encode(credentialID)
        rawId = id
        type = "public-key"
        response = Response(
            clientDataJSON: Base64URL.encode(clientDataJSON), attestationObject: Base64URL.encode(attestationObject),
            transports: transports)
        self.authenticatorAttachment = authenticatorAttachment
        clientExtensionResults = [:]
    }
}

/// What a passkey ceremony produced at sign-in, as W3C `AuthenticationResponseJSON`;
/// `POST /passkeys/authentication/verify` checks it. `userHandle` is the account's id as the
/// passkey stored it (the bytes of the user's UUID string).
public struct AssertionCredential: Codable, Sendable, Equatable {
    public var id: String
    public var rawId: String
    public var type: String
    public var response: Response
    public var authenticatorAttachment: String?
    public var clientExtensionResults: [String: JSONValue]

    public struct Response: Codable, Sendable, Equatable {
        public var clientDataJSON: String
        public var authenticatorData: String
        public var signature: String
        public var userHandle: String?
    }

    public init(
        credentialID: Data, clientDataJSON: Data, authenticatorData: Data, signature: Data, userHandle: Data?,
        authenticatorAttachment: String? = nil
    ) {
        id = Base64URL.encode(credentialID)
        rawId = id
        type = "public-key"
        response = Response(
            clientDataJSON: Base64URL.encode(clientDataJSON), authenticatorData: Base64URL.encode(authenticatorData),
            signature: Base64URL.encode(signature), userHandle: userHandle.map(Base64URL.encode))
        self.authenticatorAttachment = authenticatorAttachment
        clientExtensionResults = [:]
    }
}

/// `{"challenge_id","credential"}`: the body of both verify calls.
struct PasskeyVerifyRequest<Credential: Encodable & Sendable>: Encodable, Sendable {
    var challengeId: String
    var credential: Credential

    enum CodingKeys: String, CodingKey {
        case credential
        case challengeId = "challenge_id"
    }
}

/// `PATCH /passkeys/{id} {"friendly_name"}`.
struct PasskeyRenameRequest: Encodable, Sendable {
    var friendlyName: String

    enum CodingKeys: String, CodingKey {
        case friendlyName = "friendly_name"
    }
}
