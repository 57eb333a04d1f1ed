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

/// The custom-token checks, each with a token that fails it alone: the signature (another key,
/// HMAC keyed with the public key, none), the algorithm, the issuer and subject, the audience,
/// the times, the uid, the developer claims and the tenant. The setting that names the trusted
/// service accounts: a good file, and the start-up errors for bad ones.
@Suite("Firebase custom token verification")
struct FirebaseCustomTokenVerifierTests {
    typealias Minting = FirebaseCustomTokenMinting
    static let now = Timestamp(microsecondsSinceEpoch: 1_800_000_000 * 1_000_000)
    static let uid = "legacy:uid/42"

    static func verify(_ token: String, accounts: [FirebaseServiceAccount]? = nil) async throws -> FirebaseCustomToken {
        let verifier = FirebaseCustomTokenVerifier(accounts: try accounts ?? [Minting.account()])
        return try await verifier.verify(token, now: now)
    }

    /// The Firebase error name a token is refused with, or nil when it verifies.
    static func refusal(_ token: String, accounts: [FirebaseServiceAccount]? = nil) async throws -> String? {
        do {
            _ = try await verify(token, accounts: accounts)
            return nil
        } catch let error as FirebaseError {
            return error.name
        }
    }

    static func claims(_ changes: [String: JSONValue?] = [:]) -> [String: JSONValue] {
        Minting.claims(uid: uid, now: now, changes)
    }

    @Test("a token firebase-admin would mint verifies: its uid and developer claims")
    func trusted() async throws {
        let developer: JSONValue = .object(["role": .string("admin"), "level": .number(3), "flags": .array([.bool(true)])])
        let verified = try await Self.verify(Minting.token(Self.claims(["claims": developer])))
        #expect(verified.uid == Self.uid)
        #expect(JSONValue.object(verified.developerClaims) == developer)
        // Without `kid` (other minting libraries leave it out), and with an unknown one, the
        // issuer's key is still the one tried.
        #expect(try await Self.verify(Minting.token(Self.claims(), kid: nil)).developerClaims.isEmpty)
        #expect(try await Self.verify(Minting.token(Self.claims(), kid: "rotated-away")).uid == Self.uid)
        // A little clock skew at the minting server is fine.
        let early = Self.claims(["iat": .number(Double(Self.now.secondsSinceEpoch + 30))])
        #expect(try await Self.refusal(Minting.token(early)) == nil)
    }

    @Test(
        "a signature that is not the trusted key's is INVALID_CUSTOM_TOKEN",
        arguments: [
            ("RS256", FirebaseCustomTokenMinting.Signature.otherKey), ("HS256", .hmacWithPublicKey), ("none", .none),
            ("RS256", .none), ("RS512", .trusted), ("PS256", .trusted),
        ])
    func signatures(alg: String, signature: FirebaseCustomTokenMinting.Signature) async throws {
        #expect(try await Self.refusal(Minting.token(Self.claims(), alg: alg, signature: signature)) == "INVALID_CUSTOM_TOKEN")
    }

    @Test("the claims' checks refuse a token that fails one of them")
    func claimChecks() async throws {
        let now = Double(Self.now.secondsSinceEpoch)
        let stranger = "other@elsewhere.iam.gserviceaccount.com"
        let invalid: [[String: JSONValue?]] = [
            ["iss": .string(stranger), "sub": .string(stranger)], ["sub": .string("someone-else")], ["sub": nil],
            ["exp": .number(now)], ["exp": .number(now - 10), "iat": .number(now - 3610)], ["iat": .number(now + 120)],
            ["exp": .number(now + 3601)], ["iat": nil], ["exp": .string("\(now + 60)")], ["uid": nil], ["uid": .string("")],
            ["uid": .string(String(repeating: "u", count: 129))], ["uid": .number(42)],
            ["claims": .string("admin")], ["claims": .object(["firebase": .object([:])])], ["claims": .object(["sub": .string("x")])],
            ["claims": .object(["blob": .string(String(repeating: "x", count: 1000))])],
        ]
        for changes in invalid {
            let refused = try await Self.refusal(Minting.token(Self.claims(changes)))
            #expect(refused == "INVALID_CUSTOM_TOKEN", "\(changes)")
        }
        #expect(try await Self.refusal(Minting.token(Self.claims(["aud": .string("gatehouse-dev")]))) == "CREDENTIAL_MISMATCH")
        #expect(try await Self.refusal(Minting.token(Self.claims(["aud": nil]))) == "CREDENTIAL_MISMATCH")
        #expect(try await Self.refusal(Minting.token(Self.claims(["tenant_id": .string("t-1")]))) == "TENANT_ID_MISMATCH")
        // The limits themselves pass: 128 characters, claims of 1,000 bytes, exactly an hour.
        let limits = Self.claims(["uid": .string(String(repeating: "u", count: 128)), "exp": .number(now + 3600)])
        #expect(try await Self.refusal(Minting.token(limits)) == nil)
        let filler = String(repeating: "x", count: 1000 - #"{"blob":""}"#.utf8.count)
        #expect(try await Self.refusal(Minting.token(Self.claims(["claims": .object(["blob": .string(filler)])]))) == nil)
    }

    @Test("a wrong audience is told only once the signature holds; garbage is INVALID_CUSTOM_TOKEN")
    func orderAndGarbage() async throws {
        let forged = Minting.token(Self.claims(["aud": .string("gatehouse-dev")]), signature: .otherKey)
        #expect(try await Self.refusal(forged) == "INVALID_CUSTOM_TOKEN")
        for garbage in ["not-a-token", "a.b.c", "..", String(repeating: "e", count: 20000)] {
            #expect(try await Self.refusal(garbage) == "INVALID_CUSTOM_TOKEN", "\(garbage.prefix(20))")
        }
    }

    @Test("without a trusted service account, custom tokens are OPERATION_NOT_ALLOWED")
    func noAccounts() async throws {
        #expect(try await Self.refusal(Minting.token(Self.claims()), accounts: []) == "OPERATION_NOT_ALLOWED")
    }

    @Test("a rotation: tokens of both configured keys of one account verify, by kid or without it")
    func rotation() async throws {
        let second = try FirebaseServiceAccount.parse(
            Minting.serviceAccountFile(key: Minting.otherKey, keyId: "second-key"), source: "second")
        let accounts = [try Minting.account(), second]
        for kid in ["second-key", nil] {
            let token = Minting.token(Self.claims(), kid: kid, signature: .otherKey)
            #expect(try await Self.refusal(token, accounts: accounts) == nil, "\(kid ?? "no kid")")
        }
    }

    // MARK: The setting

    static func write(_ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sa-\(UUID().uuidString).json").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    static func read(_ value: String) throws -> FirebaseConfiguration {
        try ServerConfiguration.fromEnvironment([
            "GATEHOUSE_JWT_SECRET": FirebaseConfigurationTests.secret, "GATEHOUSE_FIREBASE_SERVICE_ACCOUNT_FILE": value,
        ]).firebase
    }

    @Test("GATEHOUSE_FIREBASE_SERVICE_ACCOUNT_FILE: unset trusts none; files (comma-separated) trust their accounts")
    func setting() throws {
        #expect(
            try ServerConfiguration.fromEnvironment(["GATEHOUSE_JWT_SECRET": FirebaseConfigurationTests.secret])
                .firebase.serviceAccounts.isEmpty)
        let first = try Self.write(Minting.serviceAccountFile())
        let second = try Self.write(Minting.serviceAccountFile(key: Minting.otherKey, clientEmail: "two@x.iam.gserviceaccount.com"))
        defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
        let accounts = try Self.read(" \(first) , \(second)").serviceAccounts
        #expect(accounts.map(\.clientEmail) == [Minting.clientEmail, "two@x.iam.gserviceaccount.com"])
        #expect(accounts.first?.keyId == Minting.keyId)
        #expect(accounts.first == (try Minting.account()))
    }

    @Test("a file that cannot be read or is no service account stops the start, without printing the key")
    func badFiles() throws {
        let pem = Minting.key.pemRepresentation
        func file(_ fields: [String: JSONValue]) throws -> String { try Self.write(try JSONEncoder().encode(JSONValue.object(fields))) }
        let bad = [
            "/nonexistent/service-account.json", try Self.write(Data("not json".utf8)),
            try file(["type": .string("authorized_user"), "client_email": .string("a@b"), "private_key": .string(pem)]),
            try file(["type": .string("service_account"), "private_key": .string(pem)]),
            try file(["type": .string("service_account"), "client_email": .string("a@b")]),
            try file(["type": .string("service_account"), "client_email": .string("a@b"), "private_key": .string("-----BEGIN nothing")]),
        ]
        defer { for path in bad.dropFirst() { try? FileManager.default.removeItem(atPath: path) } }
        for path in bad + [",,"] {
            do {
                _ = try Self.read(path)
                Issue.record("\(path) was accepted")
            } catch let error as ConfigurationError {
                #expect(error.description.contains("GATEHOUSE_FIREBASE_SERVICE_ACCOUNT_FILE"), "\(error)")
                #expect(!error.description.contains("PRIVATE KEY"), "\(error)")
            }
        }
    }
}
