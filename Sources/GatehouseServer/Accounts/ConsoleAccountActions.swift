import Foundation
import GatehouseCore

/// The console's account actions. Each one is an existing operation (the admin API's ban, unban
/// and delete, `/recover`'s and `/resend`'s email requests, the revocation of every session),
/// run with the operator as the audit entries' actor. What only the console adds: an operator
/// cannot lock themselves out, and an action that would do nothing is refused with a reason.
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
        case .revokeSessions, .ban, .delete: return nil
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
            throw AuthError(.unexpectedFailure, status: .internalServerError, "Console action failed")
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
