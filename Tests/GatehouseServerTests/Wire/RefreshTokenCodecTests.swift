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

@Suite("RefreshTokenCodec")
struct RefreshTokenCodecTests {
    let codec = RefreshTokenCodec(secret: TestServer.jwtSecret)
    let session = UUID(uuidString: "6F1C0C2E-7D1A-4C55-9B55-0D3B1F1B2A3C")!

    @Test("round-trips the session id and counter", arguments: [Int64(0), 1, 2, 255, 256, 1 << 40, Int64.max])
    func roundTrip(counter: Int64) throws {
        let token = codec.encode(sessionId: session, counter: counter)
        #expect(codec.decode(token) == .init(sessionId: session, counter: counter))
    }

    @Test("tokens are URL-safe, unpadded, deterministic and distinct per counter and session")
    func format() {
        let token = codec.encode(sessionId: session, counter: 7)
        #expect(token.count == 55)
        #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(codec.encode(sessionId: session, counter: 7) == token)
        #expect(codec.encode(sessionId: session, counter: 8) != token)
        #expect(codec.encode(sessionId: UUID(), counter: 7) != token)
    }

    @Test("a token's MAC is HMAC-SHA256 of its body under the derived key: tokens issued before stay valid")
    func macIsTheDefinedOne() throws {
        let token = codec.encode(sessionId: session, counter: 42)
        let bytes = [UInt8](try #require(Data(base64URLEncoded: token)))
        let derived = HMAC<SHA256>.authenticationCode(
            for: Data("gatehouse refresh token key v1".utf8), using: SymmetricKey(data: Data(TestServer.jwtSecret.utf8)))
        let expected = HMAC<SHA256>.authenticationCode(for: bytes[0..<25], using: SymmetricKey(data: Data(derived)))
        #expect(Array(bytes[25...]) == Array(expected.prefix(16)))
        // The same twice over: the keyed state is copied for each MAC, never used up.
        #expect(codec.encode(sessionId: session, counter: 42) == token)
        #expect(codec.decode(token) == .init(sessionId: session, counter: 42))
    }

    @Test("any single changed character is rejected")
    func tamperedCharacters() {
        let token = codec.encode(sessionId: session, counter: 3)
        let characters = Array(token)
        // The last character carries 2 padding bits; changing only those would decode the same bytes.
        for index in characters.indices.dropLast() {
            for replacement in ["A", "z", "-"] as [Character] where characters[index] != replacement {
                var copy = characters
                copy[index] = replacement
                #expect(codec.decode(String(copy)) == nil, "index \(index) -> \(replacement)")
            }
        }
    }

    @Test("a changed byte anywhere in the decoded token is rejected")
    func tamperedBytes() throws {
        let token = codec.encode(sessionId: session, counter: 3)
        let bytes = try #require(Data(base64URLEncoded: token))
        #expect(bytes.count == 41)
        for index in bytes.indices {
            var copy = bytes
            copy[index] ^= 0x01
            #expect(codec.decode(copy.base64URLEncodedString()) == nil, "byte \(index)")
        }
    }

    @Test("tokens of another secret are rejected")
    func otherSecret() {
        let other = RefreshTokenCodec(secret: String(repeating: "x", count: 48))
        #expect(other.decode(codec.encode(sessionId: session, counter: 0)) == nil)
    }

    @Test(
        "malformed input is rejected",
        arguments: [
            "", "abc", "abcdefghijkl", String(repeating: "A", count: 55), String(repeating: "A", count: 65),
            "not base64 at all!", "AAAA+/AA", "AAAA==",
        ])
    func malformed(_ token: String) {
        #expect(codec.decode(token) == nil)
    }

    @Test("a valid token with extra or missing characters is rejected")
    func lengths() {
        let token = codec.encode(sessionId: session, counter: 1)
        #expect(codec.decode(String(token.dropLast())) == nil)
        #expect(codec.decode(token + "A") == nil)
        #expect(codec.decode(token + "AAAA") == nil)
        #expect(codec.decode(" " + token) == nil)
    }
}

@Suite("GoDuration")
struct GoDurationTests {
    @Test(
        "parses Go duration syntax",
        arguments: [
            ("24h", 86_400.0), ("1h30m", 5_400), ("1.5h", 5_400), ("2h45m", 9_900), ("1h1m1s", 3_661), ("10s", 10), ("1m", 60),
            ("300ms", 0.3), ("500us", 0.0005), ("500µs", 0.0005), ("1000000000ns", 1), ("90m", 5_400), ("0.5s", 0.5),
        ])
    func parses(text: String, seconds: Double) throws {
        let parsed = try #require(GoDuration.seconds(text))
        #expect(abs(parsed - seconds) < 1e-9)
    }

    @Test("rejects what Go rejects", arguments: ["", "10", "h", "forever", "1d", "1 h", "1.2.3h", "1hh", "h1", "1H", "1w", "ms"])
    func rejects(_ text: String) {
        #expect(GoDuration.seconds(text) == nil)
    }

    @Test("ban durations: none lifts, a positive duration ends later, zero or invalid is a 400")
    func banEnd() throws {
        let now = Timestamp(microsecondsSinceEpoch: 1_700_000_000_000_000)
        #expect(try AccountService.banEnd("none", now: now) == nil)
        #expect(try AccountService.banEnd("NONE", now: now) == nil)
        #expect(try AccountService.banEnd("24h", now: now) == now.adding(seconds: 86_400))
        for invalid in ["0s", "forever", ""] {
            #expect(throws: AuthError.self) { try AccountService.banEnd(invalid, now: now) }
        }
    }
}
