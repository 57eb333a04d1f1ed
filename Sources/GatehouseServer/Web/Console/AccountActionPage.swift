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

/// `GET /admin/accounts/{id}/<action>`: says exactly what the action will do and asks for the
/// operator's confirmation in a CSRF-protected form; the `POST` of the same path does it. A
/// refused action shows its reason and no form. A GET never changes anything.
struct AccountActionPage {
    let action: ConsoleAccountAction
    let user: UserRecord
    /// Why the action cannot be taken (before or after a submission); nil to show the form.
    var refusal: ConsoleActionRefusal? = nil
    /// The CSRF token the form carries.
    let csrfToken: String
    /// The ban length selected (a resubmission keeps the operator's choice).
    var banDuration: ConsoleBanDuration = .day
    /// The factor or passkey a removal is about (nil: the account has no such one).
    var item: ConsoleAccountItem? = nil

    var title: String { AccountActionText.heading(action, user, item: item) }

    var path: String { AccountsMarkup.accountPath(user.id) + "/" + action.rawValue }

    /// The HTML inside the console's `<main>`.
    var body: String {
        let back = AccountsMarkup.accountPath(user.id)
        var html = "<p class=\"breadcrumb\"><a href=\"\(AccountListPage.path)\">Accounts</a> › "
        html += "<a href=\"\(back)\">\(HTMLText.escape(AccountActionText.displayName(user)))</a></p>\n"
        html += AccountsMarkup.alert(refusal.map(AccountActionText.refusal))
        html += AccountActionText.explanation(action, user).map { "<p>\(HTMLText.escape($0))</p>\n" }.joined()
        if refusal == nil || refusal == .confirmationMismatch || refusal == .banDurationMissing {
            html += form
        }
        return html + "<p><a href=\"\(back)\">Back to the account</a></p>\n"
    }

    /// The form: the CSRF token, the action's own fields and the submit button.
    private var form: String {
        var fields = ""
        switch action {
        case .ban:
            let options = ConsoleBanDuration.allCases.map { duration in
                "<option value=\"\(duration.rawValue)\"\(duration == banDuration ? " selected" : "")>\(duration.label)</option>"
            }.joined()
            fields =
                "<p><label for=\"ban-duration\">Ban for</label>\n<select id=\"ban-duration\" name=\"duration\">\(options)</select></p>\n"
        case .delete:
            let expected = ConsoleAccountService.deleteConfirmation(for: user)
            fields = """
                <p><label for="delete-confirmation">Type <strong>\(HTMLText.escape(expected))</strong> to confirm</label>
                <input type="text" id="delete-confirmation" name="confirmation" required autocomplete="off" spellcheck="false"></p>

                """
        case .removeFactor, .removePasskey:
            if let field = action.itemField, let item {
                fields = "<input type=\"hidden\" name=\"\(field)\" value=\"\(HTMLText.escape(item.id))\">\n"
            }
        case .sendRecovery, .resendConfirmation, .revokeSessions, .unban:
            break
        }
        let style = action == .sendRecovery || action == .resendConfirmation || action == .unban ? "button primary" : "button danger"
        return """
            <form method="post" action="\(path)" class="console-form">
            \(AccountsMarkup.csrfField(csrfToken))
            \(fields)<p><button type="submit" class="\(style)">\(HTMLText.escape(AccountActionText.button(action)))</button></p>
            </form>

            """
    }

    /// The action's request from a posted form's fields.
    static func request(_ action: ConsoleAccountAction, fields: [String: String]) -> ConsoleActionRequest {
        ConsoleActionRequest(
            action: action, banDuration: fields["duration"].flatMap(ConsoleBanDuration.init(rawValue:)),
            typedConfirmation: fields["confirmation"], itemId: action.itemField.flatMap { fields[$0] })
    }
}
