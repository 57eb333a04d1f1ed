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

/// The pages' view of `PasskeyService`: the same operations as the GoTrue endpoints,
/// for the browser's signed-in user, in the shapes the pages render. The one place the web pages
/// touch the service, so its API can grow without the pages changing.
extension WebContext {
    var passkeysEnabled: Bool { service.configuration.passkeys.enabled }

    /// A sign-in challenge and its request options (for `navigator.credentials.get`).
    func passkeySignInOptions(client: ClientInfo) async throws(AuthError) -> PasskeyCeremonyStart {
        Self.start(try await service.passkeys.authenticationOptions())
    }

    /// The browser's assertion (W3C JSON text) checked; the session it starts.
    func passkeySignIn(challengeId: String, credential: String, client: ClientInfo) async throws(AuthError) -> IssuedSession {
        try await service.passkeys.signIn(challengeId: challengeId, credentialJSON: credential, client: client).session
    }

    /// A registration challenge for the signed-in user and its creation options.
    func passkeyRegistrationOptions(_ caller: Authenticated) async throws(AuthError) -> PasskeyCeremonyStart {
        Self.start(try await service.passkeys.registrationOptions(caller))
    }

    /// The browser's new credential (W3C JSON text) checked and stored, then named after where it
    /// lives (`PasskeyNaming`) instead of the API's "Passkey".
    func registerPasskey(_ caller: Authenticated, challengeId: String, credential: String, userAgent: String?) async throws(AuthError) {
        let added = try await service.passkeys.verifyRegistration(caller, challengeId: challengeId, credentialJSON: credential)
        let id = added.id.lowercasedString
        let taken = try await passkeys(of: caller.user).filter { $0.id != id }.map(\.name)
        let name = PasskeyNaming.name(aaguid: added.aaguid, credentialJSON: credential, userAgent: userAgent, taken: taken)
        guard name != added.friendlyName else { return }
        do throws(AuthError) {
            _ = try await service.passkeys.rename(caller, passkeyId: id, friendlyName: name)
        } catch {
            // The passkey is added either way: a name refused (never expected) leaves the API's.
            if error.status.code >= 500 { throw error }
        }
    }

    func passkeys(of user: UserRecord) async throws(AuthError) -> [PasskeyListing] {
        try await service.passkeys.adminList(userId: user.id.uuidString).map(PasskeyListing.init)
    }

    func renamePasskey(_ caller: Authenticated, id: String, name: String) async throws(AuthError) {
        _ = try await service.passkeys.rename(caller, passkeyId: id, friendlyName: name)
    }

    func removePasskey(_ caller: Authenticated, id: String) async throws(AuthError) {
        _ = try await service.passkeys.delete(caller, passkeyId: id)
    }

    private static func start(_ challenge: PasskeyChallenge) -> PasskeyCeremonyStart {
        let options = (try? JSONEncoder().encode(challenge.options)).map { Array($0) } ?? Array("{}".utf8)
        return PasskeyCeremonyStart(challengeId: challenge.id.lowercasedString, optionsJSON: options)
    }
}

/// One passkey as the account page lists it.
struct PasskeyListing: Sendable {
    /// The lowercase UUID the section's forms post back.
    var id: String
    var name: String
    var createdAt: Timestamp
    var lastUsedAt: Timestamp?

    init(_ summary: PasskeySummary) {
        id = summary.id.lowercasedString
        name = summary.friendlyName
        createdAt = summary.createdAt
        lastUsedAt = summary.lastUsedAt
    }
}
