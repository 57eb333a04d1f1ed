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

/// What the console says about each account action: the confirmation page's heading, what will
/// happen, the button, the notice afterwards and the reason for a refusal.
enum AccountActionText {
    static func heading(_ action: ConsoleAccountAction, _ user: UserRecord, item: ConsoleAccountItem? = nil) -> String {
        let who = displayName(user)
        return switch action {
        case .sendRecovery: "Send a password recovery email to \(who)?"
        case .resendConfirmation: "Resend the confirmation email to \(who)?"
        case .revokeSessions: "Sign \(who) out everywhere?"
        case .ban: "Ban \(who)?"
        case .unban: "Lift the ban on \(who)?"
        case .delete: "Delete \(who)?"
        case .removeFactor: "Remove \(itemName(item, kind: "authenticator app")) from \(who)?"
        case .removePasskey: "Remove \(itemName(item, kind: "passkey")) from \(who)?"
        }
    }

    /// "the passkey “Laptop”", or "an unnamed passkey".
    private static func itemName(_ item: ConsoleAccountItem?, kind: String) -> String {
        guard let name = item?.name, !name.isEmpty else { return "an unnamed \(kind)" }
        return "the \(kind) “\(name)”"
    }

    /// Exactly what the action does, in sentences.
    static func explanation(_ action: ConsoleAccountAction, _ user: UserRecord) -> [String] {
        switch action {
        case .sendRecovery:
            var lines = [
                "The same email a password reset request sends goes to \(user.email), through the mail outbox, with a link and a code to set a new password.",
                "Earlier recovery links of this account stop working. The account itself does not change until the link is used.",
            ]
            if !user.isConfirmed {
                lines.append(
                    "This address is not confirmed. The email goes to it anyway; using its link confirms the address and drops the password chosen at sign-up, so the owner sets a new one."
                )
            }
            return lines
        case .resendConfirmation:
            return ["A new confirmation email goes to \(user.email), through the mail outbox. Earlier confirmation links stop working."]
        case .revokeSessions:
            return [
                "Every session of this account ends now: every refresh token stops working, on every device.",
                "Access tokens already issued run out within their lifetime. The password does not change; the user can sign in again.",
            ]
        case .ban:
            return [
                "The account cannot sign in or refresh a session until the ban ends. Every session ends now.",
                "Nothing else changes: the password, factors and passkeys stay.",
            ]
        case .unban:
            return ["The ban ends now, and the account can sign in again. Sessions ended by the ban do not come back."]
        case .delete:
            return [
                "The account is deleted for good, with its identities, sessions, factors and passkeys. This cannot be undone.",
                "Its audit entries stay. To confirm, type the account's \(user.isAnonymous ? "id" : "email address") below.",
            ]
        case .removeFactor:
            return [
                "The authenticator app is removed now. Sessions verified with its codes drop back to aal1 and stay signed in.",
                "The password, other authenticator apps and passkeys stay. If this was the account's only authenticator app, signing in asks for the password alone until the user sets up a new one.",
            ]
        case .removePasskey:
            return [
                "The passkey is removed now: signing in with it is refused from then on, even if the device still offers it.",
                "The password, authenticator apps and other passkeys stay. Sessions already signed in with it stay signed in.",
            ]
        }
    }

    static func button(_ action: ConsoleAccountAction) -> String {
        switch action {
        case .sendRecovery: "Send recovery email"
        case .resendConfirmation: "Resend confirmation email"
        case .revokeSessions: "Sign out everywhere"
        case .ban: "Ban account"
        case .unban: "Lift ban"
        case .delete: "Delete account"
        case .removeFactor: "Remove authenticator app"
        case .removePasskey: "Remove passkey"
        }
    }

    /// The link to the action on the account page.
    static func link(_ action: ConsoleAccountAction) -> String {
        switch action {
        case .sendRecovery: "Send recovery email…"
        case .resendConfirmation: "Resend confirmation email…"
        case .revokeSessions: "Revoke all sessions…"
        case .ban: "Ban…"
        case .unban: "Lift ban…"
        case .delete: "Delete…"
        case .removeFactor, .removePasskey: "Remove…"
        }
    }

    static func notice(_ notice: ConsoleAccountNotice) -> String {
        switch notice {
        case .recoverySent: "A recovery email is queued. It appears in the mail outbox and in this account's events."
        case .confirmationSent: "A confirmation email is queued."
        case .sessionsRevoked: "Every session of this account has ended."
        case .banned: "The account is banned, and its sessions have ended."
        case .unbanned: "The ban is lifted."
        case .deleted: "The account is deleted."
        case .factorRemoved: "The authenticator app is removed. Sessions verified with it are back to aal1."
        case .passkeyRemoved: "The passkey is removed."
        }
    }

    static func refusal(_ refusal: ConsoleActionRefusal) -> String {
        switch refusal {
        case .ownAccount:
            "You cannot do this to your own account from the console: it would sign you out of it. Ask another operator, or use the gatehouse command."
        case .alreadyConfirmed: "This address is already confirmed: there is no confirmation email to send."
        case .noAddress: "This account is anonymous: it has no email address to write to."
        case .notBanned: "This account is not banned."
        case .banDurationMissing: "Choose how long the ban lasts."
        case .confirmationMismatch: "What you typed does not match. Nothing was deleted."
        case .sendWindowOpen(let seconds):
            "An email of this kind went to this address moments ago. Try again in \(seconds) seconds (GATEHOUSE_EMAIL_SEND_WINDOW)."
        case .itemNotFound: "This account does not have that authenticator app or passkey, or no longer has it. Nothing changed."
        }
    }

    /// How the console names an account: its address, or "anonymous account <id>".
    static func displayName(_ user: UserRecord) -> String {
        user.isAnonymous ? "anonymous account \(user.id.lowercasedString)" : user.email
    }
}
