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

import GatehouseCore
import HTTPTypes
import Hummingbird

/// The account page's "Passkeys" section: the user's passkeys (name, added, last
/// used), rename and remove (plain forms, removal asked to be confirmed first), and "Add a
/// passkey" (the page's script runs the registration ceremony: `options`, then `add`; the new
/// passkey is named after its provider or browser, `PasskeyNaming`). Every
/// operation is `PasskeyService`'s, for the page's signed-in user, so its rules (the AAL gate,
/// the cap, anonymous users) are the API's, told in the pages' words.
struct AccountPasskeySection {
    let web: WebContext
    let account: AccountPage

    /// What the section shows besides the user's passkeys.
    struct State {
        var error: String?
        var notice: String?
        /// The passkey whose removal is being confirmed.
        var confirmRemoval: String?
        /// The passkey whose new name was refused, the name typed and why.
        var renameId: String?
        var renameValue = ""
        var renameError: String?
    }

    func options(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> PasskeyWebAnswer
    {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, let cookie) = signIn else { return .outcome(web.signedOutRedirect(signIn, exchange: &exchange)) }
        web.setSignInCookie(cookie, on: &exchange)
        guard web.passkeysEnabled else { return .outcome(.redirect("/account")) }
        if let wait = try await context.requestBudget.spend() {
            return .outcome(
                try await render(caller, State(error: UserFacingText.tooManyRequests(retryAfterSeconds: wait)), .tooManyRequests))
        }
        do throws(AuthError) {
            return .ceremony(try await web.passkeyRegistrationOptions(caller))
        } catch {
            if error.status.code >= 500 { throw error }
            return .outcome(try await render(caller, State(error: Self.text(for: error)), WebContext.status(for: error)))
        }
    }

    func add(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        try await signedIn(context, &exchange) { caller in
            let challengeId = form["challenge_id"]
            let credential = form["credential"]
            guard !challengeId.isEmpty, !credential.isEmpty else {
                return try await render(caller, State(error: PasskeyPageText.addFailed), .badRequest)
            }
            do throws(AuthError) {
                try await web.registerPasskey(
                    caller, challengeId: challengeId, credential: credential, userAgent: context.client.userAgent)
            } catch {
                if error.status.code >= 500 { throw error }
                return try await render(caller, State(error: Self.text(for: error)), WebContext.status(for: error))
            }
            return try await render(caller, State(notice: PasskeyPageText.added))
        }
    }

    func rename(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        try await signedIn(context, &exchange) { caller in
            let id = form["passkey"]
            let name = form["name"].trimmingCharacters(in: .whitespacesAndNewlines)
            var refused = State(renameId: id, renameValue: form["name"])
            if name.isEmpty {
                refused.renameError = PasskeyPageText.nameRequired
            } else if name.utf8.count > Self.maximumNameBytes {
                refused.renameError = PasskeyPageText.nameTooLong
            }
            if refused.renameError != nil { return try await render(caller, refused, .unprocessableContent) }
            do throws(AuthError) {
                try await web.renamePasskey(caller, id: id, name: name)
            } catch {
                if error.status.code >= 500 { throw error }
                return try await render(caller, State(error: Self.text(for: error)), WebContext.status(for: error))
            }
            return try await render(caller, State(notice: PasskeyPageText.renamed))
        }
    }

    /// The first post asks to confirm (the same section with "Remove “name”?"); the confirmed post removes.
    func remove(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        try await signedIn(context, &exchange) { caller in
            let id = form["passkey"]
            guard form["confirm"] == "yes" else {
                let known = try await web.passkeys(of: caller.user).contains { $0.id == id.lowercased() }
                return known
                    ? try await render(caller, State(confirmRemoval: id.lowercased()))
                    : try await render(caller, State(error: PasskeyPageText.notFound), .notFound)
            }
            do throws(AuthError) {
                try await web.removePasskey(caller, id: id)
            } catch {
                if error.status.code >= 500 { throw error }
                return try await render(caller, State(error: Self.text(for: error)), WebContext.status(for: error))
            }
            return try await render(caller, State(notice: PasskeyPageText.removed))
        }
    }

    /// GoTrue caps passkey names in bytes (reference §2.5).
    static let maximumNameBytes = 120

    private func signedIn(
        _ context: GatehouseRequestContext, _ exchange: inout WebExchange, _ body: (Authenticated) async throws -> WebOutcome
    ) async throws -> WebOutcome {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, let cookie) = signIn else { return web.signedOutRedirect(signIn, exchange: &exchange) }
        web.setSignInCookie(cookie, on: &exchange)
        guard web.passkeysEnabled else { return .redirect("/account") }
        return try await body(caller)
    }

    /// The account page with the section in `state` (the passkeys read again by the page).
    private func render(_ caller: Authenticated, _ state: State, _ status: HTTPResponse.Status = .ok) async throws -> WebOutcome {
        var page = AccountPage.State(status: status)
        page.passkeys = state
        return .page(try await account.page(caller, page))
    }

    static func text(for error: AuthError) -> String {
        switch error.code {
        // The same gate, and text, as the two-factor section's.
        case .insufficientAAL: UserFacingText.MFA.needsSecondFactor
        case .noAuthorization: PasskeyPageText.anonymous
        case .tooManyPasskeys: PasskeyPageText.tooMany
        case .webAuthnCredentialExists: PasskeyPageText.alreadyAdded
        case .webAuthnChallengeExpired, .webAuthnChallengeNotFound: PasskeyPageText.signInExpired
        case .webAuthnVerificationFailed: PasskeyPageText.addFailed
        case .overRequestRateLimit: UserFacingText.tooManyRequests(retryAfterSeconds: error.retryAfter ?? 60)
        case .validationFailed where error.status == .notFound: PasskeyPageText.notFound
        default: WebContext.text(for: error)
        }
    }

    /// The section's template values (merged into the account page's); nothing when passkeys are off.
    static func values(_ passkeys: [PasskeyListing]?, _ state: State) -> [String: Any] {
        guard let passkeys else { return [:] }
        var values: [String: Any] = [
            "passkeysEnabled": true, "passkeysTitle": PasskeyPageText.title, "passkeysExplanation": PasskeyPageText.explanation,
            "passkeysNone": PasskeyPageText.none, "passkeyCreatedLabel": PasskeyPageText.createdLabel,
            "passkeyLastUsedLabel": PasskeyPageText.lastUsedLabel, "passkeyNameLabel": PasskeyPageText.nameLabel,
            "passkeyRename": PasskeyPageText.rename, "passkeyRenaming": PasskeyPageText.renaming,
            "passkeyRemove": PasskeyPageText.remove, "passkeyRemoving": PasskeyPageText.removing, "passkeyCancel": PasskeyPageText.cancel,
            "passkeyAdd": PasskeyPageText.add, "passkeyAdding": PasskeyPageText.adding, "passkeyNeedsScript": PasskeyPageText.needsScript,
            "passkeyAddFailed": PasskeyPageText.addFailed, "passkeyAddCancelled": PasskeyPageText.addCancelled,
            "passkeyAlreadyAdded": PasskeyPageText.alreadyAdded,
            "passkeyHasAny": !passkeys.isEmpty,
            "passkeyItems": passkeys.map { passkey -> [String: Any] in
                var item: [String: Any] = [
                    "id": passkey.id, "name": passkey.name, "created": AccountPage.format(passkey.createdAt),
                    "lastUsed": passkey.lastUsedAt.map(AccountPage.format) ?? PasskeyPageText.neverUsed,
                    "renameValue": passkey.name, "confirmRemoval": state.confirmRemoval == passkey.id,
                    "confirmText": PasskeyPageText.confirmRemoval(passkey.name),
                ]
                if state.renameId?.lowercased() == passkey.id, let error = state.renameError {
                    item["renameError"] = error
                    item["renameValue"] = state.renameValue
                }
                return item
            },
        ]
        if let error = state.error { values["passkeyError"] = error }
        // A refused name for a passkey not listed (removed meanwhile) is said above the list.
        if let error = state.renameError, !passkeys.contains(where: { $0.id == state.renameId?.lowercased() }) {
            values["passkeyError"] = error
        }
        if let notice = state.notice { values["passkeyNotice"] = notice }
        return values
    }
}
