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
import Testing

@testable import GatehouseServer

/// The hand-written forms on the request path must give exactly what the Foundation
/// and swift-crypto calls they replace gave: stored ids and keyed hashes are compared with rows
/// written before the change.
@Suite("Hot-path encodings")
struct HotPathEncodingTests {
    @Test("the pre-keyed hasher gives the hashes a freshly keyed HMAC gives")
    func keyedHashes() throws {
        let secret = "a-secret-of-at-least-thirty-two-characters"
        let hasher = OneTimeTokenHasher(secret: secret)
        let key = SymmetricKey(
            data: Data(
                HMAC<SHA256>.authenticationCode(
                    for: Data("gatehouse one-time token key v1".utf8), using: SymmetricKey(data: Data(secret.utf8)))))
        func reference(_ message: String) -> String {
            HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key).map { String(format: "%02x", $0) }.joined()
        }
        let email = try EmailAddress(validating: "Someone@Example.com")
        let tokenId = UUID()
        #expect(hasher.addressKey(email, purpose: "recovery") == reference("window:recovery:\(email.normalized)"))
        #expect(hasher.budgetKey("signin", "someone@example.com") == "signin:" + reference("budget:signin:someone@example.com"))
        #expect(hasher.linkHash("pkce_abc") == reference("link:abc"))
        #expect(hasher.codeHash("123456", tokenId: tokenId) == reference("code:\(tokenId.uuidString.lowercased()):123456"))
        #expect(hasher.authCodeHash("xyz") == reference("auth-code:xyz"))
        // The copy is per call: a second hash of the same message is the same.
        #expect(hasher.linkHash("abc") == hasher.linkHash("abc"))
    }
}
