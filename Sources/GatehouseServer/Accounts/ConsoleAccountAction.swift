import Foundation
import GatehouseCore

/// What an operator can do to an account from the console; the raw value is the path segment
/// (`/admin/accounts/{id}/<action>`).
enum ConsoleAccountAction: String, Sendable, CaseIterable {
    case sendRecovery = "send-recovery"
    case resendConfirmation = "resend-confirmation"
    case revokeSessions = "revoke-sessions"
    case ban
    case unban
    case delete

    /// Actions an operator may not take against their own account: they would lock the operator
    /// out of the console in the middle of using it (the CLI can still do them).
    var isRefusedOnOwnAccount: Bool { self == .revokeSessions || self == .ban || self == .delete }
}

/// The ban lengths the console offers, as GoTrue `ban_duration` values (the admin API's).
enum ConsoleBanDuration: String, Sendable, CaseIterable {
    case hour = "1h"
    case day = "24h"
    case week = "168h"
    case month = "720h"
    /// GoTrue's longest ban, 100 years: for practical purposes, forever.
    case forever = "876000h"

    var label: String {
        switch self {
        case .hour: "1 hour"
        case .day: "24 hours"
        case .week: "7 days"
        case .month: "30 days"
        case .forever: "100 years (permanent)"
        }
    }
}

/// What the operator submitted with an action.
struct ConsoleActionRequest: Sendable, Equatable {
    var action: ConsoleAccountAction
    var banDuration: ConsoleBanDuration? = nil
    /// For `delete`: what the operator typed to confirm (the account's address).
    var typedConfirmation: String? = nil
}

/// Why an action was not taken. Nothing changed.
enum ConsoleActionRefusal: Sendable, Equatable {
    case ownAccount
    case alreadyConfirmed
    case noAddress
    case notBanned
    case banDurationMissing
    case confirmationMismatch
    /// The address's send window for this kind of email is still open (`GATEHOUSE_EMAIL_SEND_WINDOW`).
    case sendWindowOpen(seconds: Int)
}

/// What happened; a done action names the notice the account page shows.
enum ConsoleActionOutcome: Sendable, Equatable {
    case done(ConsoleAccountNotice)
    case refused(ConsoleActionRefusal)
}

/// The notice shown after an action (the raw value travels in the redirect's query).
enum ConsoleAccountNotice: String, Sendable, CaseIterable {
    case recoverySent = "recovery-sent"
    case confirmationSent = "confirmation-sent"
    case sessionsRevoked = "sessions-revoked"
    case banned
    case unbanned
    case deleted
}
