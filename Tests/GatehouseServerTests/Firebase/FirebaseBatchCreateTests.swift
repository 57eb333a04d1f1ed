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

/// `accounts:batchCreate`, firebase-admin's `import_users`: an administrator brings Firebase
/// accounts with their scrypt hashes; each keeps its uid as `localId` (what Firebase clients and
/// tokens see), signs in over both protocols with the old password, and every user that cannot
/// be imported is named in `error[]` by its index while the others are written.
@Suite("Firebase import: accounts:batchCreate")
struct FirebaseBatchCreateTests {
    typealias Routes = FirebaseRoutingTests
    static let password = "correct horse battery staple"
    /// A Firebase scrypt hash of `password` and its project parameters (the vector of
    /// ImportedHashSignInTests, in Firebase's import fields).
    static var hashParameters: [String: Any] {
        [
            "hashAlgorithm": "SCRYPT", "signerKey": "0Y/S7KPtsaW7CGBlcwOK2ZqStNRMGHg87D/KPP2x57E=", "saltSeparator": "Bw==",
            "rounds": 8, "memoryCost": 5,
        ]
    }
    static let passwordHash = "tcUDATbRNNcLrSMruuaA9CsTP2eljxvEww9kF8yoH6U="
    static let salt = "Gyl/99IC58Wc8g=="

    static func batchCreate(_ api: API, _ users: [[String: Any]], extra: [String: Any] = [:], admin: Bool = true) async throws -> Reply {
        var body = hashParameters.merging(extra) { _, new in new }
        body["users"] = users
        return try await Routes.post(
            api, Routes.project + "accounts:batchCreate", body, key: admin ? nil : "k",
            authorization: admin ? "Bearer \(api.serviceRoleToken)" : nil)
    }

    static func user(_ uid: String, _ email: String) -> [String: Any] {
        ["localId": uid, "email": email, "emailVerified": true, "passwordHash": passwordHash, "salt": salt, "displayName": "Ada"]
    }

    static func firebaseSignIn(_ api: API, _ email: String, _ password: String) async throws -> Reply {
        try await Routes.post(
            api, Routes.v1 + "accounts:signInWithPassword", ["email": email, "password": password, "returnSecureToken": true])
    }

    @Test("imported users keep their uid and sign in over Firebase and GoTrue with the old password", arguments: Backend.all)
    func importsAndSignsIn(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("fb-import")
            let uid = "Xc9aF2legacyUid\(UUID().uuidString.prefix(8))"
            let reply = try await Self.batchCreate(api, [Self.user(uid, email)])
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply["kind"]?.stringValue == "identitytoolkit#UploadAccountResponse")
            #expect(reply["error"]?.arrayValue?.isEmpty == true, "\(reply)")

            #expect(Routes.name(try await Self.firebaseSignIn(api, email, "not the password")) == "INVALID_LOGIN_CREDENTIALS")
            let signedIn = try await Self.firebaseSignIn(api, email, Self.password)
            #expect(signedIn["localId"]?.stringValue == uid, "\(signedIn)")
            let idToken = try #require(signedIn["idToken"]?.stringValue)
            let claims = try jwtPayload(idToken)
            #expect(claims["sub"]?.stringValue == uid)
            #expect(claims["user_id"]?.stringValue == uid)
            // The token names the account: the user's own lookup finds it.
            let own = try await Routes.post(api, Routes.v1 + "accounts:lookup", ["idToken": idToken])
            #expect(own["users"]?[0]?["localId"]?.stringValue == uid, "\(own)")
            // So does the administrator's, by the uid.
            let byUid = try await Routes.post(
                api, Routes.project + "accounts:lookup", ["localId": [uid]], key: nil, authorization: "Bearer \(api.serviceRoleToken)")
            #expect(byUid["users"]?[0]?["email"]?.stringValue == email, "\(byUid)")

            // GoTrue sees a stable UUID: the one the uid maps to.
            let gotrue = try await api.signIn(email, Self.password)
            #expect(gotrue.status == .ok, "\(gotrue)")
            let userId = try #require(gotrue["user"]?["id"]?.stringValue)
            #expect(userId == ImportedAccountID.userId(for: uid, from: .firebase).lowercasedString)

            // A second import of the same uid changes nothing and says why.
            let again = try await Self.batchCreate(api, [Self.user(uid, email)])
            #expect(again["error"]?[0]?["index"]?.intValue == 0, "\(again)")
            #expect(again["error"]?[0]?["message"]?.stringValue == "localId belongs to an existing account - can not overwrite.")
        }
    }

    @Test("each user that cannot be imported is named by its index; the others are written", arguments: Backend.all)
    func perUserErrors(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let good = TestServer.uniqueEmail("fb-import-ok")
            let taken = TestServer.uniqueEmail("fb-import-taken")
            try await api.createUser(taken)
            var badHash = Self.user("u-bad-hash-\(UUID().uuidString.prefix(6))", TestServer.uniqueEmail("fb-import-hash"))
            badHash["passwordHash"] = "%%garbage%%"
            let reply = try await Self.batchCreate(
                api,
                [
                    Self.user("u-ok-\(UUID().uuidString.prefix(6))", good),
                    Self.user("u-bad-email-\(UUID().uuidString.prefix(6))", "not an address"),
                    badHash,
                    Self.user("u-taken-\(UUID().uuidString.prefix(6))", taken),
                    ["localId": "u-no-email-\(UUID().uuidString.prefix(6))"],
                ])
            #expect(reply.status == .ok, "\(reply)")
            let errors = try #require(reply["error"]?.arrayValue, "\(reply)")
            #expect(errors.compactMap { $0["index"]?.intValue } == [1, 2, 3, 4], "\(reply)")
            #expect(errors[2]["message"]?.stringValue == "email exists in other account in database")
            #expect(!reply.text.contains("garbage"), "an error repeats the hash: \(reply.text)")
            #expect(try await Self.firebaseSignIn(api, good, Self.password)["idToken"] != nil)
            // The address that was taken keeps its own password.
            #expect(Routes.name(try await Self.firebaseSignIn(api, taken, Self.password)) == "INVALID_LOGIN_CREDENTIALS")
        }
    }

    @Test("only an administrator imports; unusable requests are refused whole", arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let user = Self.user("u-refused-\(UUID().uuidString.prefix(6))", TestServer.uniqueEmail("fb-import-refused"))
            let app = try await Self.batchCreate(api, [user], admin: false)
            #expect(app.status == .forbidden, "\(app)")
            #expect(Routes.name(try await Self.batchCreate(api, [])) == "MISSING_USER_ACCOUNT")
            #expect(Routes.name(try await Self.batchCreate(api, [user], extra: ["allowOverwrite": true])) == "INVALID_ARGUMENT")
            let noKey = try await Self.batchCreate(api, [user], extra: ["signerKey": ""])
            #expect(Routes.name(noKey) == "INVALID_HASH_ALGORITHM", "\(noKey)")
            let tooMany = try await Self.batchCreate(api, Array(repeating: user, count: FirebaseBatchCreateEndpoint.maximumUsers + 1))
            #expect(Routes.name(tooMany) == "MAXIMUM_USER_COUNT_EXCEEDED")
            #expect(Routes.name(try await Self.firebaseSignIn(api, user["email"] as! String, Self.password)) == "INVALID_LOGIN_CREDENTIALS")
        }
    }
}
