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
import Testing

@testable import GatehouseServer

/// `JSONWriter` output must mean exactly what `JSONEncoder` output means for the same value:
/// both are parsed back and compared as JSON values, and the payloads decode to what was written.
@Suite struct JSONWriterTests {
    /// Strings that need every kind of escaping, and some that need none.
    static let awkwardStrings = [
        "", "plain", "quote \" backslash \\ slash /", "line\nfeed\rreturn\ttab\u{08}back\u{0C}feed",
        "\u{00}\u{01}\u{1F}\u{7F}", "zoë 日本語 🙂 e\u{301}", "</script><!--", "\u{2028}\u{2029}",
    ]

    /// The escaping byte by byte, as RFC 8259 gives it: the reference for the writer's eight-byte
    /// scan, checked with each escape at every position of strings up to 40 bytes long.
    static func referenceEscaped(_ text: String) -> [UInt8] {
        var out = Array("\"".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x08: out += Array("\\b".utf8)
            case 0x0C: out += Array("\\f".utf8)
            case ..<0x20: out += Array(("\\u00" + String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)).utf8)
            default: out.append(byte)
            }
        }
        return out + Array("\"".utf8)
    }

    @Test(arguments: ["\"", "\\", "\n", "\u{00}", "\u{1F}", "\u{7F}", " ", "!", "#", "[", "]", "é", "🙂"])
    func stringsAreEscapedWhereverTheSpecialByteFalls(special: String) {
        let fillers = ["a", "é", "\u{7F}", "~"]
        for length in 0..<40 {
            for position in 0...length {
                let filler = fillers[(length + position) % fillers.count]
                let text = String(repeating: filler, count: position) + special + String(repeating: "b", count: length - position)
                var writer = JSONWriter()
                writer.string(text)
                #expect(writer.bytes == Self.referenceEscaped(text), "\(text.debugDescription)")
            }
        }
    }

    static let metadata: [String: JSONValue] = [
        "name": .string("Zoë \"Z\" O'Neil\n"), "age": .number(3), "ratio": .number(0.1), "tiny": .number(1e-7),
        "huge": .number(1e300), "negative": .number(-42), "beyondInt53": .number(9_007_199_254_740_993),
        "flag": .bool(true), "off": .bool(false), "nothing": .null,
        "list": .array([.number(1), .string("two"), .null, .object([:]), .array([])]),
        "nested": .object(["deeper": .object(["key with \"quotes\"": .string("\u{1F}")])]),
        "": .string("empty key"),
    ]

    static func user(optionalsSet: Bool) -> UserPayload {
        let now = Timestamp(microsecondsSinceEpoch: 1_763_779_200_123_456)
        let identity = IdentityPayload(
            identityId: UUID().uuidString.lowercased(), id: "sub", userId: "user", identityData: metadata, provider: "email",
            lastSignInAt: optionalsSet ? now : nil, createdAt: now, updatedAt: now, email: optionalsSet ? "a@example.com" : nil
        )
        return UserPayload(
            id: UUID().uuidString.lowercased(), aud: "authenticated", role: "authenticated", email: "a@example.com",
            emailConfirmedAt: optionalsSet ? now : nil, confirmationSentAt: optionalsSet ? now : nil,
            confirmedAt: optionalsSet ? now : nil, recoverySentAt: optionalsSet ? now : nil, lastSignInAt: optionalsSet ? now : nil,
            appMetadata: ["provider": .string("email"), "providers": .array([.string("email")])], userMetadata: metadata,
            identities: optionalsSet ? [identity, identity] : [], createdAt: now,
            updatedAt: Timestamp(microsecondsSinceEpoch: 1_763_779_200_000_000), bannedUntil: optionalsSet ? now : nil,
            isAnonymous: optionalsSet
        )
    }

    static func session(optionalsSet: Bool) -> SessionPayload {
        SessionPayload(
            accessToken: "eyJ.a.b", expiresIn: 3600, expiresAt: 1_763_782_800, refreshToken: "r-_t",
            user: user(optionalsSet: optionalsSet),
            weakPassword: optionalsSet ? WeakPasswordPayload(message: "weak", reasons: ["length", "pwned"]) : nil
        )
    }

    private func sameJSON(_ value: some Encodable & JSONWritable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let reference = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
        let written = try JSONDecoder().decode(JSONValue.self, from: Data(JSONWriter.encode(value)))
        #expect(written == reference)
    }

    @Test(arguments: awkwardStrings)
    func stringsMeanWhatJSONEncoderWrites(text: String) throws {
        try sameJSON(JSONValue.string(text))
        try sameJSON(["key \(text)": JSONValue.string(text)])
        // And they parse back to the very same string.
        let parsed = try JSONDecoder().decode(String.self, from: Data(JSONWriter.encode(JSONValue.string(text))))
        #expect(parsed == text)
    }

    @Test func controlCharactersAreEscapedNotWrittenRaw() {
        let written = JSONWriter.encode(JSONValue.string("\u{00}\u{1F}\n\""))
        #expect(String(decoding: written, as: UTF8.self) == #""\u0000\u001f\n\"""#)
        #expect(!written.contains { $0 < 0x20 })
    }

    @Test func metadataValues() throws {
        try sameJSON(JSONValue.object(Self.metadata))
        #expect(String(decoding: JSONWriter.encode(JSONValue.number(3)), as: UTF8.self) == "3")
        #expect(String(decoding: JSONWriter.encode(JSONValue.number(-0.5)), as: UTF8.self) == "-0.5")
        #expect(String(decoding: JSONWriter.encode(JSONValue.number(.nan)), as: UTF8.self) == "null")
    }

    @Test(arguments: [true, false])
    func sessionsAndUsers(optionalsSet: Bool) throws {
        let session = Self.session(optionalsSet: optionalsSet)
        try sameJSON(session)
        try sameJSON(session.user)
        #expect(try JSONDecoder().decode(SessionPayload.self, from: Data(JSONWriter.encode(session))) == session)
        #expect(try JSONDecoder().decode(UserPayload.self, from: Data(JSONWriter.encode(session.user))) == session.user)
    }

    @Test func nilFieldsAreOmittedAsCodableOmitsThem() throws {
        let object = try JSONDecoder().decode(JSONValue.self, from: Data(JSONWriter.encode(Self.session(optionalsSet: false))))
        let session = try #require(object.objectValue)
        #expect(session["weak_password"] == nil)
        let user = try #require(session["user"]?.objectValue)
        for absent in ["email_confirmed_at", "confirmation_sent_at", "confirmed_at", "recovery_sent_at", "last_sign_in_at", "banned_until"]
        {
            #expect(user[absent] == nil, "\(absent)")
        }
        #expect(user["identities"] == .array([]))
    }
}
