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
import GatehouseCore

/// The proof that a password sign-in of an account with a verified factor succeeded, handed to
/// the client instead of tokens (Firebase's `mfaPendingCredential`) and redeemed once with a
/// code of one of the account's factors.
///
/// Signed, not stored: `base64url(version ‖ user id ‖ nonce ‖ issued at (µs) ‖ MAC)`, the MAC
/// (HMAC-SHA-256, truncated to 16 bytes, under a key derived from the server secret) covering
/// those fields and the account's password hash as it was at the sign-in. A new password
/// therefore voids every credential of the old one; the nonce names this one sign-in (its
/// single use is recorded under `usedKey` when it is redeemed).
struct MFAPendingCredential: Sendable, Equatable {
    var userId: UUID
    var nonce: [UInt8]
    var issuedAt: Timestamp

    /// The attempt budget of one use that marks this credential as redeemed.
    var usedKey: String { "mfa-pending:" + nonce.map { String(format: "%02x", $0) }.joined() }
}

/// Writes and checks `MFAPendingCredential`s.
struct MFAPendingCredentialCodec: Sendable {
    private let key: SymmetricKey
    private static let version: UInt8 = 1
    private static let nonceLength = 16
    private static let macLength = 16
    private static let fieldsLength = 1 + 16 + nonceLength + 8
    /// Longer than any credential this codec writes: nothing longer is decoded.
    private static let maximumTextLength = 128

    init(secret: String) {
        let derived = HMAC<SHA256>.authenticationCode(
            for: Data("gatehouse mfa pending credential key v1".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        key = SymmetricKey(data: Data(derived))
    }

    func encode(_ credential: MFAPendingCredential, passwordHash: String?) -> String {
        let fields = Self.fields(credential)
        return Data(fields + mac(fields, passwordHash: passwordHash)).base64URLEncodedString()
    }

    /// The credential `text` claims to be, before its MAC is checked (that needs the account's
    /// password hash, `verify`). Nil for anything that is not shaped as one.
    func decode(_ text: String) -> MFAPendingCredential? {
        guard text.utf8.count <= Self.maximumTextLength, let data = Data(base64URLEncoded: text),
            data.count == Self.fieldsLength + Self.macLength
        else { return nil }
        let bytes = [UInt8](data)
        guard bytes[0] == Self.version else { return nil }
        let u = Array(bytes[1..<17])
        let userId = UUID(uuid: (u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]))
        let nonce = Array(bytes[17..<(17 + Self.nonceLength)])
        let micros = bytes[(17 + Self.nonceLength)..<Self.fieldsLength].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        return MFAPendingCredential(userId: userId, nonce: nonce, issuedAt: Timestamp(microsecondsSinceEpoch: Int64(bitPattern: micros)))
    }

    /// Whether `text` was written by this server for `credential` and an account whose password
    /// hash is `passwordHash` (compared in constant time).
    func verify(_ text: String, _ credential: MFAPendingCredential, passwordHash: String?) -> Bool {
        guard let data = Data(base64URLEncoded: text), data.count == Self.fieldsLength + Self.macLength else { return false }
        let presented = [UInt8](data)[Self.fieldsLength...]
        let expected = mac(Self.fields(credential), passwordHash: passwordHash)
        return zip(expected, presented).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func fields(_ credential: MFAPendingCredential) -> [UInt8] {
        var bytes = [version]
        bytes += withUnsafeBytes(of: credential.userId.uuid) { Array($0) }
        bytes += credential.nonce
        bytes += withUnsafeBytes(of: UInt64(bitPattern: credential.issuedAt.microsecondsSinceEpoch).bigEndian) { Array($0) }
        return bytes
    }

    private func mac(_ fields: [UInt8], passwordHash: String?) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: fields + Array((passwordHash ?? "").utf8), using: key).prefix(Self.macLength))
    }
}
