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
import ExtrasBase64
import Foundation

/// Refresh tokens that need no storage: `base64url(version ‖ session id ‖ counter ‖ MAC)`.
///
/// The MAC is HMAC-SHA256 under a key derived from the server secret, so a token cannot be
/// forged without the secret, and a stolen database reveals no usable token (nothing of the
/// token is stored at all). Because the server can re-derive the token for any counter, a client
/// that retries a refresh whose answer it lost gets the *current* pair back instead of a new one
/// (GoTrue's refresh-token algorithm v2 takes the same approach).
struct RefreshTokenCodec: Sendable {
    struct Decoded: Equatable {
        let sessionId: UUID
        let counter: Int64
    }

    private static let version: UInt8 = 1
    private static let macLength = 16
    private static let encodedLength = 1 + 16 + 8 + macLength
    /// HMAC-SHA256 keyed once: each MAC starts from a copy. Keying it anew (the key's two
    /// padded blocks hashed) was half of each MAC, and a refresh makes two (Benchmarks/PROFILE.md).
    private let keyed: HMAC<SHA256>

    init(secret: String) {
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data("gatehouse refresh token key v1".utf8), using: SymmetricKey(data: Data(secret.utf8))
        )
        keyed = HMAC<SHA256>(key: SymmetricKey(data: Data(mac)))
    }

    func encode(sessionId: UUID, counter: Int64) -> String {
        var bytes = [Self.version]
        withUnsafeBytes(of: sessionId.uuid) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: counter.bigEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: mac(bytes))
        return Data(bytes).base64URLEncodedString()
    }

    /// Nil for anything that is not a token this server issued.
    func decode(_ token: String) -> Decoded? {
        guard token.utf8.count <= 64, let data = Data(base64URLEncoded: token), data.count == Self.encodedLength else {
            return nil
        }
        let bytes = [UInt8](data)
        guard bytes[0] == Self.version else { return nil }
        let body = Array(bytes[0..<(Self.encodedLength - Self.macLength)])
        let presented = bytes[(Self.encodedLength - Self.macLength)...]
        // Constant-time comparison of the MAC.
        guard zip(mac(body), presented).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0 else { return nil }
        let uuid = body[1..<17]
        let sessionId = UUID(
            uuid: (
                uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6], uuid[7], uuid[8],
                uuid[9], uuid[10], uuid[11], uuid[12], uuid[13], uuid[14], uuid[15], uuid[16]
            ))
        let counter = body[17..<25].reduce(Int64(0)) { ($0 << 8) | Int64($1) }
        return Decoded(sessionId: sessionId, counter: counter)
    }

    private func mac(_ bytes: [UInt8]) -> [UInt8] {
        var mac = keyed
        mac.update(data: bytes)
        return Array(mac.finalize().prefix(Self.macLength))
    }
}

extension Data {
    /// Base64url without padding (RFC 4648 §5), as tokens, PKCE challenges and cookies use it.
    func base64URLEncodedString() -> String {
        Base64.encodeToString(bytes: self, options: [.base64UrlAlphabet, .omitPaddingCharacter])
    }

    /// Nil unless `text` is unpadded base64url and nothing else.
    init?(base64URLEncoded text: String) {
        guard !text.utf8.contains(UInt8(ascii: "=")),
            let bytes = try? Base64.decode(string: text, options: [.base64UrlAlphabet, .omitPaddingCharacter])
        else { return nil }
        self.init(bytes)
    }
}
