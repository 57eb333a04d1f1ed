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

/// What an operator can do to an account from the console; the raw value is the path segment
/// (`/admin/accounts/{id}/<action>`).
enum ConsoleAccountAction: String, Sendable, CaseIterable {
    case sendRecovery = "send-recovery"
    case resendConfirmation = "resend-confirmation"
    case revokeSessions = "revoke-sessions"
    case ban
    case unban
    case delete
    /// One of the account's TOTP factors (`?factor=<id>` on the confirmation, a field of the post).
    case removeFactor = "remove-factor"
    /// One of the account's passkeys (`?passkey=<id>`, likewise).
    case removePasskey = "remove-passkey"

    /// Actions an operator may not take against their own account: they would lock the operator
    /// out of the console in the middle of using it (the CLI can still do them).
    var isRefusedOnOwnAccount: Bool { self == .revokeSessions || self == .ban || self == .delete }

    /// The field (and query parameter) naming the factor or passkey an action is about; nil for
    /// the actions on the whole account, which the account page lists.
    var itemField: String? {
        switch self {
        case .removeFactor: "factor"
        case .removePasskey: "passkey"
        case .sendRecovery, .resendConfirmation, .revokeSessions, .ban, .unban, .delete: nil
        }
    }
}

/// The factor or passkey an action is about, as its confirmation page names it.
struct ConsoleAccountItem: Sendable, Equatable {
    /// The lowercase UUID the form posts back.
    var id: String
    var name: String
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
    /// For `removeFactor` and `removePasskey`: the factor's or passkey's id.
    var itemId: String? = nil
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
    /// The account has no such factor or passkey (any more).
    case itemNotFound
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
    case factorRemoved = "factor-removed"
    case passkeyRemoved = "passkey-removed"
}
