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

/// Whoever signed up first with an address (over Firebase, which signs unverified accounts in)
/// may have added a passkey, an MFA factor or an email change before the owner proves the
/// address. Every confirmation path hands the account over clean: nothing added before it
/// survives, and no session started before it goes on.
@Suite("Accounts: every confirmation clears what was added before it")
struct ConfirmationClearsPlantedTests {
    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case signupLink, signupCode, signupTokenHash, magicLink, invite, recovery, firebaseVerifyEmail
        var testDescription: String { rawValue }

        var purpose: TokenPurpose {
            switch self {
            case .signupLink, .signupCode, .signupTokenHash, .firebaseVerifyEmail: .signup
            case .magicLink: .magiclink
            case .invite: .invite
            case .recovery: .recovery
            }
        }
    }

    static let client = ServiceFixture.client

    @Test("planted passkey, factor, email change and sessions are gone", arguments: Backend.all, Path.allCases)
    func clears(_ backend: Backend, _ path: Path) async throws {
        try await ServiceFixture.with(backend, configure: { $0.autoconfirm = false }) { fixture in
            let services = fixture.services
            let email = "victim-\(path.rawValue.lowercased())@example.com"
            let planted = try await services.accounts.signUpAndSignIn(
                email: email, password: "attacker password 1", userMetadata: [:], client: Self.client)
            let userId = planted.user.id
            let now = fixture.clock.clock.now()
            try await services.environment.store.run(.transaction) { database in
                let factor = FactorRecord(
                    id: UUID(), userId: userId, friendlyName: "planted", factorType: "totp", status: .verified,
                    secret: "JBSWY3DPEHPK3PXP", lastChallengedAt: nil, createdAt: now, updatedAt: now)
                _ = try await database.mfaFactors.insert(factor)
                let passkey = PasskeyRecord(
                    id: UUID(), userId: userId, credentialID: [1, 2, 3, 4], publicKey: [5, 6, 7], attestationType: "none",
                    aaguid: PasskeyRecord.zeroAAGUID, signCount: 0, transports: [], backupEligible: false, backedUp: false,
                    friendlyName: "planted", createdAt: now, updatedAt: now, lastUsedAt: nil)
                _ = try await database.passkeys.insert(passkey)
                var user = try #require(try await database.users.find(id: userId))
                user.emailChange = "attacker@example.net"
                try await database.users.update(user)
            }

            try await Self.confirm(email, through: path, fixture)

            let (user, factors, passkeys, oldSession) = try await services.environment.store.run { database in
                (
                    try await database.users.find(id: userId), try await database.mfaFactors.list(userId: userId),
                    try await database.passkeys.list(userId: userId), try await database.sessions.findWithUser(id: planted.session.id)
                )
            }
            let confirmed = try #require(user)
            #expect(confirmed.isConfirmed)
            #expect(factors.isEmpty, "a factor added before the confirmation survived it")
            #expect(passkeys.isEmpty, "a passkey added before the confirmation survived it")
            #expect(confirmed.emailChange == nil, "an email change asked for before the confirmation survived it")
            #expect(oldSession == nil, "a session started before the confirmation survived it")
        }
    }

    /// Mints what the email for `path` carries and redeems it as its page or client does.
    static func confirm(_ email: String, through path: Path, _ fixture: ServiceFixture) async throws {
        let recovery = fixture.services.recovery
        if path == .firebaseVerifyEmail {
            let link = FirebaseActionLink(requestType: .verifyEmail, continueUrl: nil, apiKey: "key-1")
            let issued = try #require(try await recovery.issueFirebaseOobLink(link, for: EmailAddress(validating: email)))
            guard case .usable = try await recovery.applyFirebaseVerifyEmailCode(issued.oobCode) else {
                Issue.record("the verification code was refused")
                return
            }
            return
        }
        let minted = try await fixture.services.mail.issueOneTimeTokens([OneTimeTokenRequest(purpose: path.purpose, email: email)])
        let context = try #require(minted.first??.context)
        let link = try #require(context.link.flatMap(URLComponents.init(string:)))
        let token = try #require(link.queryItems?.first { $0.name == "token" }?.value)
        switch path {
        case .signupLink:
            _ = try await recovery.verifyLink(token: token, type: "signup", redirectTo: nil, client: client)
        case .signupCode:
            _ = try await recovery.verify(email: email, code: try #require(context.code), type: .signup, client: client)
        case .signupTokenHash:
            _ = try await recovery.verify(tokenHash: token, type: .signup, client: client)
        case .magicLink:
            _ = try await recovery.verify(tokenHash: token, type: .magiclink, client: client)
        case .invite:
            _ = try await recovery.verify(tokenHash: token, type: .invite, client: client)
        case .recovery:
            _ = try await recovery.verify(tokenHash: token, type: .recovery, client: client)
        case .firebaseVerifyEmail:
            break
        }
    }
}
