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

/// A Firebase refresh token: the session's refresh token (the same store, rotation and
/// revocation as GoTrue's), followed by the user's id under a MAC — so that a refresh of a
/// deleted user answers `USER_NOT_FOUND` (the iOS SDK signs out on it) while a revoked session
/// answers `TOKEN_EXPIRED`. `<session refresh token>.<base64url(user id ‖ MAC)>`; a bare session
/// refresh token (from the GoTrue API) is accepted too, without the user.
struct FirebaseRefreshToken: Sendable {
    private let key: SymmetricKey
    private static let macLength = 12

    init(secret: String) {
        let derived = HMAC<SHA256>.authenticationCode(
            for: Data("gatehouse firebase refresh token key v1".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        self.key = SymmetricKey(data: Data(derived))
    }

    func wrap(_ sessionToken: String, userId: UUID) -> String {
        var bytes = withUnsafeBytes(of: userId.uuid) { Array($0) }
        bytes += mac(sessionToken, userBytes: bytes)
        return sessionToken + "." + Data(bytes).base64URLEncodedString()
    }

    /// The session's refresh token and, when the token carries it intact, the user's id.
    /// Nil for something that cannot be a refresh token at all.
    func unwrap(_ token: String) -> (sessionToken: String, userId: UUID?)? {
        guard !token.isEmpty, token.utf8.count <= 128 else { return nil }
        guard let dot = token.lastIndex(of: ".") else { return (token, nil) }
        let sessionToken = String(token[..<dot])
        guard let suffix = Data(base64URLEncoded: String(token[token.index(after: dot)...])),
            suffix.count == 16 + Self.macLength
        else { return nil }
        let bytes = [UInt8](suffix)
        let userBytes = Array(bytes[0..<16])
        let presented = bytes[16...]
        guard zip(mac(sessionToken, userBytes: userBytes), presented).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0 else {
            return nil
        }
        let u = userBytes
        let userId = UUID(uuid: (u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]))
        return (sessionToken, userId)
    }

    private func mac(_ sessionToken: String, userBytes: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array(sessionToken.utf8) + userBytes, using: key).prefix(Self.macLength))
    }
}
