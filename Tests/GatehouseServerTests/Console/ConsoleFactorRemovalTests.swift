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
import GatehouseTestSupport
import HTTPTypes
import Testing

@testable import GatehouseServer

/// The console's removal of a user's authenticator app and passkey, through the router: offered
/// on the account's page beside each one, asked to be confirmed (a GET changes nothing, a post
/// needs the page's CSRF token), done with the admin API's operations and audited with the
/// operator as the actor; an unknown one is refused with its reason.
@Suite("Console accounts: removing a factor or a passkey")
struct ConsoleFactorRemovalTests {
    /// The user's session (aal2 after its code), its factor's id and its passkey's id.
    static func factorAndPasskey(_ api: API, _ email: String) async throws -> (session: TestSession, factorId: String, passkeyId: String) {
        let first = try TestSession(try await api.signIn(email))
        try await PasskeySignInRouteTests.register(SoftwarePasskey(origin: "http://localhost"), api, token: first.accessToken)
        let enrolled = try await api.send(
            .post, "/factors", json: ["factor_type": "totp", "friendly_name": "Work phone"], bearer: first.accessToken)
        let factorId = try #require(enrolled["id"]?.stringValue, "\(enrolled)")
        let secret = try #require(enrolled["totp"]?["secret"]?.stringValue)
        let challenge = try await api.send(.post, "/factors/\(factorId)/challenge", json: [:], bearer: first.accessToken)
        let code = TOTP.code(secret: try #require(Base32.decode(secret)), step: TOTP.step(at: Timestamp.now().secondsSinceEpoch))
        let verified = try await api.send(
            .post, "/factors/\(factorId)/verify", json: ["challenge_id": try #require(challenge["id"]?.stringValue), "code": code],
            bearer: first.accessToken)
        let session = try TestSession(verified)
        let passkeys = try await api.send(.get, "/admin/users/\(session.userId)/passkeys", bearer: api.serviceRoleToken)
        let passkeyId = try #require(passkeys.json?[0]?["id"]?.stringValue, "\(passkeys)")
        return (session, factorId, passkeyId)
    }

    @Test("an operator removes a user's authenticator app and passkey, each confirmed and audited", arguments: Backend.all)
    func removeBoth(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database, configure: PasskeySignInRouteTests.passkeysOn) { api in
                let (session, factorId, passkeyId) = try await Self.factorAndPasskey(api, accounts.userEmail)
                let id = session.userId
                var browser = WebFormClient(api)
                _ = try await browser.consoleSignIn(accounts.operatorEmail)

                let page = try await browser.get("/admin/accounts/\(id)")
                let removeFactor = "/admin/accounts/\(id)/remove-factor"
                let removePasskey = "/admin/accounts/\(id)/remove-passkey"
                #expect(page.text.contains("href=\"\(removeFactor)?factor=\(factorId)\""), "\(page)")
                #expect(page.text.contains("href=\"\(removePasskey)?passkey=\(passkeyId)\""))
                #expect(!page.text.contains("href=\"\(removeFactor)\""), "offered without a factor")

                let confirm = try await browser.get("\(removeFactor)?factor=\(factorId)")
                #expect(confirm.status == .ok, "\(confirm)")
                #expect(confirm.text.contains("Work phone"))
                #expect(confirm.text.contains("<form method=\"post\" action=\"\(removeFactor)\""))
                #expect(WebFormClient.hiddenField("factor", in: confirm) == factorId)
                // A post without the page's token changes nothing.
                let forged = try await browser.post(removeFactor, ["factor": factorId])
                #expect(forged.status == .forbidden)
                let factors = try await api.send(.get, "/admin/users/\(id)/factors", bearer: api.serviceRoleToken)
                #expect(factors.json?.arrayValue?.count == 1)

                let done = try await browser.consolePost(removeFactor, from: "\(removeFactor)?factor=\(factorId)", ["factor": factorId])
                #expect(done.status == .seeOther, "\(done)")
                #expect(done.location == "/admin/accounts/\(id)?notice=factor-removed")
                #expect(try await browser.get(try #require(done.location)).text.contains("The authenticator app is removed."))
                let left = try await api.send(.get, "/admin/users/\(id)/factors", bearer: api.serviceRoleToken)
                #expect(left.json?.arrayValue?.isEmpty == true, "\(left)")
                let unenrolled = try #require(try await api.auditEntries(id, "factor_unenrolled").first)
                #expect(unenrolled["payload"]?["actor_id"]?.stringValue == accounts.operatorId)
                #expect(unenrolled["payload"]?["traits"]?["factor_id"]?.stringValue == factorId)
                // The user's session raised with it is aal1 again.
                let refreshed = try TestSession(try await api.refresh(session.refreshToken))
                #expect(try jwtPayload(refreshed.accessToken)["aal"]?.stringValue == "aal1")

                let again = try await browser.consolePost(removeFactor, from: "\(removeFactor)?factor=\(factorId)", ["factor": factorId])
                #expect(again.status == .conflict, "\(again)")
                #expect(again.text.contains("no longer has it"))

                let passkey = try await browser.get("\(removePasskey)?passkey=\(passkeyId)")
                #expect(passkey.status == .ok && WebFormClient.hiddenField("passkey", in: passkey) == passkeyId, "\(passkey)")
                let gone = try await browser.consolePost(
                    removePasskey, from: "\(removePasskey)?passkey=\(passkeyId)", ["passkey": passkeyId])
                #expect(gone.location == "/admin/accounts/\(id)?notice=passkey-removed", "\(gone)")
                let passkeys = try await api.send(.get, "/admin/users/\(id)/passkeys", bearer: api.serviceRoleToken)
                #expect(passkeys.json?.arrayValue?.isEmpty == true, "\(passkeys)")
                let deleted = try #require(try await api.auditEntries(id, "passkey_deleted").first)
                #expect(deleted["payload"]?["actor_id"]?.stringValue == accounts.operatorId)
            }
        }
    }

    @Test("an unknown factor or passkey: the confirmation says so and offers no form", arguments: Backend.all)
    func unknownItem(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                _ = try await browser.consoleSignIn(accounts.operatorEmail)
                let id = try TestSession(try await api.signIn(accounts.userEmail)).userId
                for (action, field) in [("remove-factor", "factor"), ("remove-passkey", "passkey")] {
                    for query in ["?\(field)=\(UUID().uuidString.lowercased())", "?\(field)=nope", ""] {
                        let page = try await browser.get("/admin/accounts/\(id)/\(action)\(query)")
                        #expect(page.status == .ok, "\(action)\(query): \(page)")
                        #expect(page.text.contains("no longer has it"), "\(action)\(query)")
                        #expect(!page.text.contains("<form method=\"post\" action=\"/admin/accounts/"), "\(action)\(query)")
                    }
                }
            }
        }
    }
}
