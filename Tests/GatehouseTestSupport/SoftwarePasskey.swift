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
import Foundation
import GatehouseWebAuthn
import GatehouseWebAuthnTestSupport
import Synchronization

/// A passkey authenticator in software, for tests that drive a real server end to end (the
/// server's router, a live server through the SDK): one ES256 key (swift-crypto's P-256), made
/// when the test creates it. Registration answers with what a platform hands back: clientDataJSON
/// (`webauthn.create`, the challenge, the origin) and a CBOR attestation object of fmt `none`
/// whose authenticator data carries the RP id hash, the UP, UV and AT flags, and the attested
/// credential data (zero AAGUID, the credential id, the COSE EC2 key). Assertions sign
/// authenticator data ‖ SHA-256(clientDataJSON) with the key; the sign counter advances by one a
/// use. Binary fields are raw bytes; the callers encode them as their protocol needs.
/// (`GatehouseWebAuthnTests` has a fuller one, every field open to tampering, for the verifier.)
public final class SoftwarePasskey: Sendable {
    /// What `navigator.credentials.create()` or the platform returns.
    public struct Registration: Sendable {
        public let credentialID: Data
        public let clientDataJSON: Data
        public let attestationObject: Data
    }

    /// What `navigator.credentials.get()` or the platform returns.
    public struct Assertion: Sendable {
        public let credentialID: Data
        public let clientDataJSON: Data
        public let authenticatorData: Data
        public let signature: Data
        /// The user handle stored at registration (GoTrue: the bytes of the user's UUID string).
        public let userHandle: Data
    }

    public enum Failure: Error, Sendable {
        /// An assertion was asked of a passkey never registered.
        case notRegistered
    }

    public let credentialID: Data
    private let key: P256.Signing.PrivateKey
    private let origin: String?
    private let state = Mutex<(rpID: String?, userHandle: Data?, signCount: UInt32)>((nil, nil, 0))

    /// - Parameter origin: the origin the client data names; nil means `https://<rp id>`, what
    ///   Apple's platforms write for an app with the RP id as its associated domain.
    public init(origin: String? = nil, credentialID: Data = withUnsafeBytes(of: UUID().uuid) { Data($0) }) {
        key = P256.Signing.PrivateKey()
        self.origin = origin
        self.credentialID = credentialID
    }

    /// The public key as a COSE_Key (RFC 9053: kty EC2, alg ES256, crv P-256, x, y), in CTAP2's
    /// canonical order.
    public var coseKey: Data {
        let xy = Array(key.publicKey.rawRepresentation)
        return Data(
            CBORWriter.encode(
                .intMap([(1, .int(2)), (3, .int(-7)), (-1, .int(1)), (-2, .bytes(Array(xy[0..<32]))), (-3, .bytes(Array(xy[32...])))])))
    }

    /// Creates the passkey for `rpID` and the user `userHandle` (the options' `user.id` bytes),
    /// answering `challenge` (the options' challenge bytes).
    public func register(rpID: String, challenge: Data, userHandle: Data) -> Registration {
        state.withLock { $0 = (rpID, userHandle, 0) }
        let clientData = Self.clientDataJSON(type: "webauthn.create", challenge: challenge, origin: origin ?? "https://\(rpID)")
        let attested =
            [UInt8](repeating: 0, count: 16) + CBORWriter.bigEndian(UInt64(credentialID.count), 2) + Array(credentialID) + Array(coseKey)
        // UP 0x01, UV 0x04, AT 0x40.
        let authData = Self.authenticatorData(rpID: rpID, flags: 0x45, signCount: 0) + attested
        let object = CBORValue.textMap([("fmt", .text("none")), ("attStmt", .map([])), ("authData", .bytes(authData))])
        return Registration(credentialID: credentialID, clientDataJSON: clientData, attestationObject: Data(CBORWriter.encode(object)))
    }

    /// Signs `challenge` for `rpID` with the registered passkey.
    public func assert(rpID: String, challenge: Data) throws -> Assertion {
        let (userHandle, signCount) = try state.withLock { state throws -> (Data, UInt32) in
            guard let userHandle = state.userHandle else { throw Failure.notRegistered }
            state.signCount += 1
            return (userHandle, state.signCount)
        }
        let clientData = Self.clientDataJSON(type: "webauthn.get", challenge: challenge, origin: origin ?? "https://\(rpID)")
        let authData = Self.authenticatorData(rpID: rpID, flags: 0x05, signCount: signCount)
        let signature = try key.signature(for: authData + Array(SHA256.hash(data: clientData))).derRepresentation
        return Assertion(
            credentialID: credentialID, clientDataJSON: clientData, authenticatorData: Data(authData), signature: signature,
            userHandle: userHandle)
    }

    /// The RP id it was registered for, the user handle it stores and its last sign count.
    public var registered: (rpID: String?, userHandle: Data?, signCount: UInt32) { state.withLock { $0 } }

    static func clientDataJSON(type: String, challenge: Data, origin: String) -> Data {
        Data(#"{"type":"\#(type)","challenge":"\#(base64URL(challenge))","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    /// rpIdHash ‖ flags ‖ signCount (big-endian).
    static func authenticatorData(rpID: String, flags: UInt8, signCount: UInt32) -> [UInt8] {
        Array(SHA256.hash(data: Data(rpID.utf8))) + [flags] + CBORWriter.bigEndian(UInt64(signCount), 4)
    }

    /// Base64url without padding, as WebAuthn writes the challenge in client data.
    public static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
