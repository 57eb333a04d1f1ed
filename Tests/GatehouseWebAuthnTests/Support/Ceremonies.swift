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

import Crypto
import GatehouseWebAuthn
import GatehouseWebAuthnTestSupport

/// What a browser would send for `navigator.credentials.create()`; every field can be made wrong.
struct RegistrationInput {
    var type = CollectedClientData.createType
    var challenge = Fixture.challenge
    var origin = Fixture.origin
    var crossOrigin: Bool?
    var topOrigin: String?
    var rpID = Fixture.rpID
    var flags: AuthenticatorFlags = [.userPresent, .attestedCredentialData]
    var signCount: UInt32 = 0
    /// `none`, or `packed` for a self attestation signed with the credential key.
    var format = "none"
    /// Replaces the statement the format would get.
    var statement: CBORValue?
    /// Replaces the authenticator's COSE key inside the authenticator data.
    var coseKey: [UInt8]?
    /// Appended to the authenticator data (extensions when ED is set, else garbage).
    var authDataTail: [UInt8] = []
    var rawID: [UInt8]?
}

/// What a browser would send for `navigator.credentials.get()`.
struct AssertionInput {
    var type = CollectedClientData.getType
    var challenge = Fixture.challenge
    var origin = Fixture.origin
    var rpID = Fixture.rpID
    var flags: AuthenticatorFlags = [.userPresent]
    var signCount: UInt32 = 0
    var userHandle: String?
    var rawID: [UInt8]?
    /// Changes the signature after signing.
    var tamperSignature = false
}

extension SoftwareAuthenticator {
    func register(_ input: RegistrationInput = RegistrationInput()) -> RegistrationCredential {
        let clientData = Self.clientDataJSON(
            type: input.type, challenge: input.challenge, origin: input.origin, crossOrigin: input.crossOrigin, topOrigin: input.topOrigin)
        let attested = input.flags.contains(.attestedCredentialData) ? attestedCredentialData(coseKey: input.coseKey) : []
        let authData = Self.authenticatorData(
            rpID: input.rpID, flags: input.flags, signCount: input.signCount, tail: attested + input.authDataTail)
        let statement: CBORValue
        if let given = input.statement {
            statement = given
        } else if input.format == "packed" {
            let signature = sign(authData + Array(SHA256.hash(data: clientData)))
            statement = .textMap([("alg", .int(algorithm.rawValue)), ("sig", .bytes(signature))])
        } else {
            statement = .map([])
        }
        let object = CBORValue.textMap([("fmt", .text(input.format)), ("attStmt", statement), ("authData", .bytes(authData))])
        let id = Base64URL.encode(input.rawID ?? credentialID)
        return RegistrationCredential(
            id: id, rawId: id, type: "public-key",
            response: .init(
                clientDataJSON: Base64URL.encode(clientData), attestationObject: Base64URL.encode(CBORWriter.encode(object)),
                transports: ["internal", "hybrid"]))
    }

    func assertion(_ input: AssertionInput = AssertionInput()) -> AuthenticationCredential {
        let clientData = Self.clientDataJSON(type: input.type, challenge: input.challenge, origin: input.origin)
        let authData = Self.authenticatorData(rpID: input.rpID, flags: input.flags, signCount: input.signCount)
        var signature = sign(authData + Array(SHA256.hash(data: clientData)))
        if input.tamperSignature { signature[signature.count / 2] ^= 0x01 }
        let id = Base64URL.encode(input.rawID ?? credentialID)
        return AuthenticationCredential(
            id: id, rawId: id, type: "public-key",
            response: .init(
                clientDataJSON: Base64URL.encode(clientData), authenticatorData: Base64URL.encode(authData),
                signature: Base64URL.encode(signature), userHandle: input.userHandle ?? userHandle))
    }
}
