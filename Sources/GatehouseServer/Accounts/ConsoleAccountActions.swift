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

/// The console's account actions. Each one is an existing operation (the admin API's ban, unban
/// and delete, its factor and passkey removal, `/recover`'s and `/resend`'s email requests, the
/// revocation of every session), run with the operator as the audit entries' actor. What only
/// the console adds: an operator cannot lock themselves out, and an action that would do nothing
/// is refused with a reason.
extension ConsoleAccountService {
    /// Why `request` cannot be taken on `user` by `operatorId`, or nil. The confirmation page asks
    /// this first, so the operator learns it before submitting.
    func refusal(_ action: ConsoleAccountAction, on user: UserRecord, by operatorId: UUID) -> ConsoleActionRefusal? {
        if action.isRefusedOnOwnAccount && user.id == operatorId { return .ownAccount }
        switch action {
        case .sendRecovery: return user.isAnonymous ? .noAddress : nil
        case .resendConfirmation:
            if user.isAnonymous { return .noAddress }
            return user.isConfirmed ? .alreadyConfirmed : nil
        case .unban: return user.isBanned(at: services.environment.clock.now()) ? nil : .notBanned
        // Whether the factor or passkey exists is `item`'s question.
        case .revokeSessions, .ban, .delete, .removeFactor, .removePasskey: return nil
        }
    }

    /// The factor or passkey `itemId` names among `user`'s, for `action`'s confirmation; nil when
    /// the account has no such one (or the action is about the whole account).
    func item(_ action: ConsoleAccountAction, id itemId: String?, of user: UserRecord) async throws(AuthError) -> ConsoleAccountItem? {
        guard let itemId, let uuid = UUID(parsing: itemId) else { return nil }
        switch action {
        case .removeFactor:
            return user.factors.first { $0.id == uuid }.map { ConsoleAccountItem(id: $0.id.lowercasedString, name: $0.friendlyName) }
        case .removePasskey:
            let passkeys = try await services.passkeys.adminList(userId: user.id.uuidString)
            return passkeys.first { $0.id == uuid }.map { ConsoleAccountItem(id: $0.id.lowercasedString, name: $0.friendlyName) }
        case .sendRecovery, .resendConfirmation, .revokeSessions, .ban, .unban, .delete:
            return nil
        }
    }

    /// Takes `request` on the account `id` names, for the operator `operatorId`.
    func perform(_ request: ConsoleActionRequest, on id: String, by operatorId: UUID) async throws(AuthError) -> ConsoleActionOutcome {
        let user = try await account(id: id)
        if let refusal = refusal(request.action, on: user, by: operatorId) { return .refused(refusal) }
        var origin = AuditRequest.current
        origin.actor = operatorId.lowercasedString
        do {
            return try await AuditRequest.$current.withValue(origin) { try await run(request, on: user) }
        } catch let error as AuthError {
            throw error
        } catch {
            throw AuthError(.unexpectedFailure, kind: .internalFailure, "Console action failed")
        }
    }

    /// The text the operator must type to delete `user`: its address (an anonymous account has
    /// none, so its id).
    static func deleteConfirmation(for user: UserRecord) -> String {
        user.isAnonymous ? user.id.lowercasedString : user.email
    }

    private func run(_ request: ConsoleActionRequest, on user: UserRecord) async throws(AuthError) -> ConsoleActionOutcome {
        let id = user.id.lowercasedString
        switch request.action {
        case .sendRecovery:
            return try await requestEmail(.recovery, to: user, notice: .recoverySent)
        case .resendConfirmation:
            return try await requestEmail(.signupConfirmation, to: user, notice: .confirmationSent)
        case .revokeSessions:
            try await services.sessions.revokeTokens(userId: user.id)
            return .done(.sessionsRevoked)
        case .ban:
            guard let duration = request.banDuration else { return .refused(.banDurationMissing) }
            // The admin API's ban: it also ends the user's sessions.
            _ = try await services.accounts.adminUpdateUser(id: id, with: AdminUserRequest(banDuration: duration.rawValue))
            return .done(.banned)
        case .unban:
            _ = try await services.accounts.adminUpdateUser(id: id, with: AdminUserRequest(banDuration: "none"))
            return .done(.unbanned)
        case .delete:
            let typed = (request.typedConfirmation ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard typed == Self.deleteConfirmation(for: user) else { return .refused(.confirmationMismatch) }
            try await services.accounts.adminDeleteUser(id: id)
            return .done(.deleted)
        case .removeFactor:
            // The admin API's removal: sessions raised with the factor drop to aal1; audited.
            do {
                _ = try await services.mfa.adminDeleteFactor(userId: id, factorId: request.itemId ?? "")
            } catch  where error.kind == .notFound {
                return .refused(.itemNotFound)
            }
            return .done(.factorRemoved)
        case .removePasskey:
            do {
                _ = try await services.passkeys.adminDelete(userId: id, passkeyId: request.itemId ?? "")
            } catch  where error.kind == .notFound {
                return .refused(.itemNotFound)
            }
            return .done(.passkeyRemoved)
        }
    }

    /// The same request `/recover` (or `/resend`) makes: one outbox job under the address's send
    /// window, sent by the worker as usual.
    private func requestEmail(
        _ kind: EmailRequestKind, to user: UserRecord, notice: ConsoleAccountNotice
    ) async throws(AuthError) -> ConsoleActionOutcome {
        do {
            try await services.recovery.requestEmail(kind, email: user.email)
        } catch  where error.code == .overEmailSendRateLimit {
            return .refused(.sendWindowOpen(seconds: error.retryAfter ?? 0))
        }
        return .done(notice)
    }
}
