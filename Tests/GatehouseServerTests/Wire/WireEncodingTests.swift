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
import JWTKit
import Testing

@testable import GatehouseServer

/// The fast paths that replaced `JSONEncoder` for access-token claims and Foundation's base64
/// for base64url must produce what they replaced.
@Suite struct WireEncodingTests {
    static func claims(audiences: [String]) -> AccessTokenClaims {
        AccessTokenClaims(
            sub: SubjectClaim(value: UUID().uuidString.lowercased()), aud: AudienceClaim(value: audiences),
            exp: ExpirationClaim(value: Date(timeIntervalSince1970: 1_763_782_800)),
            iat: IssuedAtClaim(value: Date(timeIntervalSince1970: 1_763_779_200)), iss: IssuerClaim(value: "http://127.0.0.1:9999/auth/v1"),
            email: "zoë@example.com", phone: "", appMetadata: ["provider": .string("email")],
            userMetadata: ["name": .string("\"Z\"\n"), "n": .number(2.5)], role: "authenticated", aal: "aal1",
            amr: [AuthenticationMethod(method: "password", timestamp: 1_763_779_200)], sessionId: UUID().uuidString.lowercased(),
            isAnonymous: false
        )
    }

    @Test(arguments: [["authenticated"], ["a", "b"]])
    func claimsMeanWhatJWTKitsEncoderWrites(audiences: [String]) throws {
        let claims = Self.claims(audiences: audiences)
        let reference = try JSONDecoder().decode(JSONValue.self, from: (JSONEncoder.defaultForJWT as any JWTJSONEncoder).encode(claims))
        let written = try JSONDecoder().decode(JSONValue.self, from: ClaimsJSONEncoder().encode(claims))
        #expect(written == reference)
        // Times are whole seconds, as GoTrue writes them.
        #expect(written.objectValue?["exp"] == .number(1_763_782_800))
    }

    @Test func signedClaimsVerifyBackUnchanged() async throws {
        let signer = await TokenSigner(secret: String(repeating: "s", count: 32), issuer: "test", lifetime: 3600)
        var claims = Self.claims(audiences: ["authenticated"])
        claims.exp = ExpirationClaim(value: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) + 3600))
        let token = try await signer.keys.sign(claims)
        #expect(try await signer.verifyAccessToken(token, now: .now()) == claims)
    }

    @Test func theSignerWritesClaimsWithoutJSONEncoder() async throws {
        let signer = await TokenSigner(secret: String(repeating: "s", count: 32), issuer: "test", lifetime: 3600)
        let claims = Self.claims(audiences: ["authenticated"])
        let token = try await signer.keys.sign(claims)
        let payload = try #require(token.split(separator: ".").dropFirst().first)
        // JSONEncoder (jwt-kit's default) would have written the issuer as `http:\/\/…`.
        #expect(String(payload) == Data(JSONWriter.encode(claims)).base64URLEncodedString())
    }

    @Test func headersMeanWhatJWTKitsEncoderWrites() throws {
        var header = JWTHeader()
        header.alg = "HS256"
        header.typ = "JWT"
        header.kid = "key/1 \"quoted\""
        header.fields["x5t"] = .array([.int(1), .decimal(2.5), .bool(true), .null, .object(["b": .string("é"), "a": .int(-3)])])
        let reference = try JSONDecoder().decode(JSONValue.self, from: (JSONEncoder.defaultForJWT as any JWTJSONEncoder).encode(header))
        let written = try ClaimsJSONEncoder().encode(header)
        #expect(try JSONDecoder().decode(JSONValue.self, from: written) == reference)
        // Written by JSONWriter, in key order (JSONEncoder escapes the slash, in the dictionary's order).
        let expected = #"{"alg":"HS256","kid":"key/1 \"quoted\"","typ":"JWT","x5t":[1,2.5,true,null,{"a":-3,"b":"é"}]}"#
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }

    @Test func signedTokensCarryTheWrittenHeaderAndVerify() async throws {
        let signer = await TokenSigner(secret: String(repeating: "s", count: 32), issuer: "test", lifetime: 3600)
        var claims = Self.claims(audiences: ["authenticated"])
        claims.exp = ExpirationClaim(value: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) + 3600))
        let token = try await signer.keys.sign(claims)
        let header = try #require(token.split(separator: ".").first)
        #expect(String(header) == Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8).base64URLEncodedString())
        #expect(try await signer.verifyAccessToken(token, now: .now()) == claims)
    }

    @Test func base64URLMatchesFoundationForEveryLength() {
        for length in 0..<70 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255) })
            let foundation = bytes.base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(bytes.base64URLEncodedString() == foundation)
            #expect(Data(base64URLEncoded: foundation) == bytes)
        }
    }

    @Test(arguments: ["AQ==", "AQ=", "+/8", "a/b", "a b", "A", "AAAAA", "ä", "AQ\n"])
    func base64URLRefusesAnythingElse(text: String) {
        #expect(Data(base64URLEncoded: text) == nil)
    }
}

@Suite struct AuthenticationMethodColumnTests {
    @Test func readsWhatTheInsertWrites() throws {
        let methods = [
            AuthenticationMethod(method: "password", timestamp: 1_763_779_200), AuthenticationMethod(method: "otp", timestamp: 1),
        ]
        let column = String(decoding: try JSONEncoder().encode(methods), as: UTF8.self)
        #expect(AuthenticationMethod.list(fromJSON: column) == methods)
    }

    @Test func keepsTheReadableEntriesOfAMixedList() {
        let column = #"[{"method":"password","timestamp":1763779200.9},{"method":"otp"},7,{"method":"totp","timestamp":5,"x":[]}]"#
        #expect(
            AuthenticationMethod.list(fromJSON: column) == [
                AuthenticationMethod(method: "password", timestamp: 1_763_779_200), AuthenticationMethod(method: "totp", timestamp: 5),
            ])
    }

    @Test(arguments: ["", "not json", "{}", "[1]", #"[{"method":1,"timestamp":2}]"#, #"[{"method":"a","timestamp":"2"}]"#, "[1e300]"])
    func unreadableEntriesAreLeftOut(column: String) {
        #expect(AuthenticationMethod.list(fromJSON: column) == [])
    }
}
