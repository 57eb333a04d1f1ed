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

/// Authenticator data (W3C WebAuthn §6.1): rpIdHash 32 ‖ flags 1 ‖ signCount 4 (big-endian)
/// [‖ aaguid 16 ‖ credentialIdLength 2 ‖ credentialId ‖ COSE key] [‖ extensions map].
public struct AuthenticatorData: Sendable {
    public let rpIDHash: [UInt8]
    public let flags: AuthenticatorFlags
    public let signCount: UInt32
    /// Present when AT is set (registration).
    public let attestedCredential: AttestedCredentialData?
    /// The extensions map when ED is set.
    public let extensions: CBORValue?
    /// The exact bytes, which the signatures cover.
    public let raw: [UInt8]

    /// The specification's limit on credential id length (W3C WebAuthn §5.8.3, "at most 1023").
    public static let maximumCredentialIDLength = 1023

    public init(bytes input: some Collection<UInt8>) throws(WebAuthnError) {
        let bytes = Array(input)
        guard bytes.count >= 37 else { throw .malformedAuthenticatorData("shorter than 37 bytes") }
        raw = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = AuthenticatorFlags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var offset = 37

        if flags.contains(.attestedCredentialData) {
            let (credential, end) = try AttestedCredentialData.parse(bytes, from: offset)
            attestedCredential = credential
            offset = end
        } else {
            attestedCredential = nil
        }

        let rest = bytes[offset...]
        if flags.contains(.extensionData) {
            let value: CBORValue
            do { value = try CBORDecoder().decode(rest) } catch {
                throw .malformedAuthenticatorData("extensions are not one CBOR item")
            }
            guard value.mapEntries != nil else { throw .malformedAuthenticatorData("extensions are not a map") }
            extensions = value
        } else {
            guard rest.isEmpty else { throw .malformedAuthenticatorData("bytes after the data its flags announce") }
            extensions = nil
        }
    }
}

/// The credential an authenticator created, inside registration authenticator data.
public struct AttestedCredentialData: Sendable {
    public let aaguid: UUID
    public let credentialID: [UInt8]
    public let publicKey: COSEKey

    /// Parses from `offset`; answers the credential and where the bytes after its key start.
    static func parse(_ bytes: [UInt8], from offset: Int) throws(WebAuthnError) -> (AttestedCredentialData, Int) {
        guard bytes.count - offset >= 18 else { throw .malformedAuthenticatorData("attested credential data truncated") }
        let aaguidBytes = Array(bytes[offset..<offset + 16])
        let aaguid = aaguidBytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        let length = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
        let idStart = offset + 18
        guard length >= 1, length <= AuthenticatorData.maximumCredentialIDLength else {
            throw .malformedAuthenticatorData("credential id length \(length) outside 1...1023")
        }
        guard bytes.count - idStart >= length else { throw .malformedAuthenticatorData("credential id truncated") }
        let credentialID = Array(bytes[idStart..<idStart + length])
        let keyStart = idStart + length

        // The key is followed by extensions (when ED is set): decode one item and keep the rest.
        let keyBytes = bytes[keyStart...]
        let decoded: (value: CBORValue, consumed: Int)
        do { decoded = try CBORDecoder().decodePrefix(keyBytes) } catch {
            throw .invalidPublicKey(.malformedEncoding(error))
        }
        let encodedKey = Array(keyBytes.prefix(decoded.consumed))
        let publicKey: COSEKey
        do { publicKey = try COSEKey(value: decoded.value, encoded: encodedKey) } catch { throw .invalidPublicKey(error) }
        let credential = AttestedCredentialData(aaguid: aaguid, credentialID: credentialID, publicKey: publicKey)
        return (credential, keyStart + decoded.consumed)
    }
}
