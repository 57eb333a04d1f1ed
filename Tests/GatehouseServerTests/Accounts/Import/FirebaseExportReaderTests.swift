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

/// `firebase auth:export --format=json`, with the firebase/scrypt README's account and the
/// project parameters that hash it.
@Suite("Firebase export reader")
struct FirebaseExportReaderTests {
    static let vector = ImportedHashVectors.hashes("fbscrypt").first { $0.source == "firebase/scrypt README" }!
    static let fields = vector.firebaseFields!
    static let parameters = FirebaseHashParameters(
        algorithm: "SCRYPT", signerKey: fields.signerKey, saltSeparator: fields.saltSeparator, rounds: fields.rounds,
        memoryCost: fields.memoryCost)
    static let uid = "Xc9aF2kLmN0pQrStUvWxYz123456"

    static let export = #"""
        {"users": [
          {"localId": "\#(uid)", "email": "Ada@Example.com", "emailVerified": true,
           "passwordHash": "\#(fields.passwordHash)", "salt": "\#(fields.salt)",
           "displayName": "Ada Lovelace", "photoUrl": "https://example.com/ada.png",
           "createdAt": "1714558830123", "lastSignedInAt": "1717228800000",
           "customAttributes": "{\"admin\": true, \"tier\": \"gold\"}",
           "providerUserInfo": [{"providerId": "password", "email": "ada@example.com", "federatedId": "ada@example.com",
                                 "rawId": "ada@example.com"}]},
          {"localId": "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b", "email": "grace@example.com", "emailVerified": false,
           "disabled": true, "createdAt": "1673784000000",
           "providerUserInfo": [{"providerId": "google.com", "rawId": "1098", "email": "grace@example.com"}]},
          {"localId": "phoneOnly", "phoneNumber": "+15551234567", "createdAt": "1673784000000"},
          {"localId": "claimsList", "email": "claims@example.com", "customAttributes": "[1, 2]"},
          {"localId": "shortHash", "email": "short@example.com", "passwordHash": "c2hvcnQ=", "salt": "\#(fields.salt)"},
          {"localId": "\#(uid)", "email": "again@example.com"},
          {"localId": "otherUid", "email": "ADA@example.com"},
          {"localId": "badAddress", "email": "ada@@example"},
          {"localId": "verifiedUndated", "email": "undated@example.com", "emailVerified": true},
          {"localId": "", "email": "anonymous@example.com"},
          {"localId": "badTime", "email": "time@example.com", "createdAt": "yesterday"},
          42
        ]}
        """#

    static func entries() throws -> [ImportEntry] {
        try ImportFixtures.read(export, .firebase, firebaseHash: parameters)
    }

    @Test("an account with a password: id, uid, address, confirmation, hash, names, claims, times")
    func passwordAccount() throws {
        let entries = try Self.entries()
        let ada = try #require(entries.first?.account)
        #expect(entries.first?.position == 1)
        #expect(entries.first?.sourceId == Self.uid)
        #expect(ada.id == ImportedAccountID.userId(for: Self.uid, from: .firebase))
        #expect(ada.firebaseUid == Self.uid)
        #expect(ada.email == "ada@example.com")
        let created = ImportFixtures.instant("2024-05-01T10:20:30.123Z")
        #expect(ada.createdAt == created)
        #expect(ada.emailConfirmedAt == created)
        #expect(ada.lastSignInAt == ImportFixtures.instant("2024-06-01T08:00:00Z"))
        #expect(
            ada.userMetadata == [
                FirebaseUserInfo.displayNameKey: .string("Ada Lovelace"), "avatar_url": .string("https://example.com/ada.png"),
            ])
        #expect(ada.appMetadata == ["admin": .bool(true), "tier": .string("gold")])
        #expect(ada.bannedUntil == nil)
        #expect(ada.role == nil)
        let hash = try #require(ada.passwordHash)
        #expect(hash == (try ImportedPasswordHash(parsing: Self.vector.hash)))
        #expect(ImportedPasswordVerifier.verify(Self.vector.password, against: hash))
        #expect(!ImportedPasswordVerifier.verify("user1passwore", against: hash))
    }

    @Test("a UUID localId is the id itself; disabled is the longest ban; unverified is unconfirmed")
    func disabledAccount() throws {
        let grace = try #require(try Self.entries()[1].account)
        #expect(grace.id == UUID(uuidString: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b"))
        #expect(grace.firebaseUid == nil)
        #expect(grace.bannedUntil == ImportFixtures.now.adding(seconds: AccountService.maximumBanSeconds))
        #expect(grace.emailConfirmedAt == nil)
        #expect(grace.passwordHash == nil)
        #expect(grace.userMetadata.isEmpty && grace.appMetadata.isEmpty)
    }

    @Test("a verified address without createdAt is confirmed as of the import")
    func undatedConfirmation() throws {
        let account = try #require(try Self.entries()[8].account)
        #expect(account.emailConfirmedAt == ImportFixtures.now)
        #expect(account.createdAt == nil)
    }

    @Test("each refusal, at its position, with its reason")
    func refusals() throws {
        let entries = try Self.entries()
        #expect(entries.map(\.position) == Array(1...12))
        let refused = entries.filter { $0.refusal != nil }.map { "\($0.position) \($0.sourceId): \($0.refusal!)" }
        #expect(
            refused == [
                "3 phoneOnly: email is missing: Gatehouse accounts are email accounts",
                "4 claimsList: customAttributes is not a JSON object",
                "5 shortHash: passwordHash: malformed Firebase scrypt hash: the hash must be as long as the signer key, at least 16 bytes",
                "6 \(Self.uid): the same id appears earlier in the file",
                "7 otherUid: the same address appears earlier in the file (addresses compare case-insensitively)",
                "8 badAddress: email is not a valid address",
                "10 : localId is missing",
                "11 badTime: createdAt is not a time in milliseconds since 1970 within the years 0000 to 9999",
                "12 : the record is not a JSON object",
            ])
    }

    @Test("no reason holds a hash, a salt, the signer key, a password or an address")
    func reasonsHoldNoSecrets() throws {
        let secrets = [
            Self.vector.hash, Self.fields.passwordHash, Self.fields.salt, Self.fields.signerKey!, Self.vector.password, "c2hvcnQ=",
            "example.com", "+15551234567",
        ]
        ImportFixtures.expectNoSecrets(in: try Self.entries(), secrets)
    }

    @Test("derived ids are the same on every read")
    func stableIds() throws {
        let first = try Self.entries().compactMap(\.account).map(\.id)
        let second = try Self.entries().compactMap(\.account).map(\.id)
        #expect(first == second)
        #expect(first[0] == ImportedAccountID.derived(from: Self.uid, source: .firebase))
    }

    @Test("an export with hashes needs the project's parameters, and usable ones")
    func hashParameters() throws {
        #expect(throws: ImportFileError.missingFirebaseHashParameters) { try ImportFixtures.read(Self.export, .firebase) }
        let unusable = FirebaseHashParameters(algorithm: "SCRYPT", rounds: 8, memoryCost: 14)
        let error = #expect(throws: ImportFileError.self) {
            try ImportFixtures.read(Self.export, .firebase, firebaseHash: unusable)
        }
        guard case .invalidFirebaseHashParameters? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        // Without a hash in the file, none is needed.
        let entries = try ImportFixtures.read(#"{"users": [{"localId": "a1", "email": "a@example.com"}]}"#, .firebase)
        #expect(entries.first?.account?.passwordHash == nil)
    }

    @Test("accounts:batchCreate's spellings: lastLoginAt, passwordSalt, a number createdAt")
    func batchCreateFields() throws {
        let body = #"""
            {"users": [{"localId": "b1", "email": "b@example.com", "passwordHash": "\#(Self.fields.passwordHash)",
              "passwordSalt": "\#(Self.fields.salt)", "createdAt": 1714558830123, "lastLoginAt": "1717228800000"}],
             "hashAlgorithm": "SCRYPT"}
            """#
        let account = try #require(try ImportFixtures.read(body, .firebase, firebaseHash: Self.parameters).first?.account)
        #expect(account.createdAt == ImportFixtures.instant("2024-05-01T10:20:30.123Z"))
        #expect(account.lastSignInAt == ImportFixtures.instant("2024-06-01T08:00:00Z"))
        #expect(account.passwordHash == (try ImportedPasswordHash(parsing: Self.vector.hash)))
    }

    @Test("files that are not an auth:export")
    func notAnExport() {
        #expect(throws: ImportFileError.notJSON(expected: FirebaseExportReader.expectedShape)) {
            try ImportFixtures.read("localId,email\nx,y@example.com\n", .firebase)
        }
        #expect(throws: ImportFileError.unexpectedJSONShape(expected: FirebaseExportReader.expectedShape)) {
            try ImportFixtures.read(#"[{"localId": "x"}]"#, .firebase)
        }
        #expect(throws: ImportFileError.notJSON(expected: FirebaseExportReader.expectedShape)) {
            try ImportFixtures.read(#"{"users": [}"#, .firebase)
        }
        #expect(throws: ImportFileError.empty) { try ImportFixtures.read(" \n", .firebase) }
    }
}
