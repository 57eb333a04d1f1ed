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
import Mustache

/// The emails Gatehouse sends, as Mustache templates (HTML and plain text for each). Values are
/// HTML-escaped by `{{…}}` in the HTML parts; the text parts use `{{{…}}}` (no escaping).
struct EmailTemplates: Sendable {
    let templates: SplicedTemplates

    init() {
        var library = MustacheLibrary()
        for (name, source) in Self.allSources {
            // The sources are constants; a parse error is a programming error caught by tests.
            if let template = try? MustacheTemplate(string: TemplateEscaping.source(source)) { library.register(template, named: name) }
        }
        templates = SplicedTemplates(library: library, valueNames: ["product", "email", "link", "code", "expiry"])
    }

    struct Rendered: Sendable {
        let subject: String
        let text: String
        let html: String
    }

    /// Values shared by every email.
    struct Context: Sendable {
        var productName: String
        var email: String
        var link: String?
        var code: String?
        var expiry: String?
    }

    func recovery(_ context: Context) -> Rendered {
        render("recovery", context, subject: "Reset your \(context.productName) password")
    }

    func signupConfirmation(_ context: Context) -> Rendered {
        render(
            "confirmation", context, subject: "Confirm your \(context.productName) account",
            extra: ["onPage": Self.isSignUpPageLink(context.link)])
    }

    /// Whether a confirmation link is one the sign-up page asked for: it sends the browser back
    /// to this server's `/login` (`SignUpPage`), whose "Check Your Email" page takes the code, so
    /// the email sends the code there instead of to an app.
    static func isSignUpPageLink(_ link: String?) -> Bool {
        guard let link, let url = URLComponents(string: link), let scheme = url.scheme, let host = url.host,
            let target = url.queryItems?.first(where: { $0.name == "redirect_to" })?.value
        else { return false }
        let origin = scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
        return target == origin + "/login"
    }

    func passwordChanged(_ context: Context) -> Rendered {
        render("password_changed", context, subject: "Your \(context.productName) password was changed")
    }

    /// `GET /reauthenticate`: the nonce only, no link (as GoTrue's template).
    func reauthentication(_ context: Context) -> Rendered {
        render("reauthentication", context, subject: "Confirm it is you")
    }

    /// A magic link and code (`POST /otp`), or an invitation (`POST /invite`).
    func link(_ purpose: TokenPurpose, _ context: Context) -> Rendered {
        purpose == .invite
            ? render("invite", context, subject: "You have been invited to \(context.productName)")
            : render("magic_link", context, subject: "Your \(context.productName) sign-in link")
    }

    func render(_ name: String, _ context: Context, subject: String, extra: [String: Bool] = [:]) -> Rendered {
        let values = [context.productName, context.email, context.link ?? "", context.code ?? "", context.expiry ?? ""]
        return Rendered(
            subject: subject,
            text: templates.render(name + ".text", values: values, flags: extra),
            html: templates.render(name + ".html", values: values, flags: extra)
        )
    }

    static let htmlHead = """
        <!doctype html><html><body style="margin:0;padding:24px;background:#ecfdf5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
        <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
        <h1 style="font-size:20px;margin:0 0 16px">{{product}}</h1>
        """
    static let htmlFoot = "</div></body></html>"
    static let button = """
        <p style="margin:24px 0"><a href="{{link}}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">{{label}}</a></p>
        """

    /// Every template, GoTrue's and Firebase's, by name.
    static var allSources: [String: String] {
        let firebase = firebaseSources.merging(firebaseEmailLinkSources, uniquingKeysWith: { first, _ in first })
        return sources.merging(firebase, uniquingKeysWith: { first, _ in first })
    }

    private static let sources: [String: String] = [
        "recovery.text": """
        Someone asked to reset the password of the {{{product}}} account for {{{email}}}.

        Choose a new password here:
        {{{link}}}

        Resetting in an app? Then enter this code in the app: {{{code}}}

        The link and the code work once and expire in {{{expiry}}}.

        If you did not ask for this, you can ignore this email: your password stays as it is.
        """,
        "recovery.html": htmlHead + """
            <p>Someone asked to reset the password of the {{product}} account for <strong>{{email}}</strong>.</p>
            """ + button.replacingOccurrences(of: "{{label}}", with: "Choose a new password") + """
                <p>Resetting in an app? Then enter this code in the app: <strong style="font-size:20px;letter-spacing:4px">{{code}}</strong></p>
                <p style="color:#475569">The link and the code work once and expire in {{expiry}}.</p>
                <p style="color:#475569">If you did not ask for this, you can ignore this email: your password stays as it is.</p>
                """ + htmlFoot,
        "confirmation.text": """
        Welcome to {{{product}}}. Confirm your address ({{{email}}}) here:
        {{{link}}}

        {{#onPage}}Or enter this code on the page that asked you to check your email: {{{code}}}{{/onPage}}{{^onPage}}Or enter this code in the app: {{{code}}}{{/onPage}}

        The link and the code expire in {{{expiry}}}. If you did not sign up, ignore this email.
        """,
        "confirmation.html": htmlHead + """
            <p>Welcome to {{product}}. Confirm your address (<strong>{{email}}</strong>):</p>
            """ + button.replacingOccurrences(of: "{{label}}", with: "Confirm my address") + """
                <p>{{#onPage}}Or enter this code on the page that asked you to check your email:{{/onPage}}{{^onPage}}Or enter this code in the app:{{/onPage}} <strong style="font-size:20px;letter-spacing:4px">{{code}}</strong></p>
                <p style="color:#475569">The link and the code expire in {{expiry}}. If you did not sign up, ignore this email.</p>
                """ + htmlFoot,
        "password_changed.text": """
        The password of your {{{product}}} account ({{{email}}}) was just changed, and every device was signed out.

        If this was you, there is nothing to do. If it was not, reset your password at once with "Forgot password?".
        """,
        "password_changed.html": htmlHead + """
            <p>The password of your {{product}} account (<strong>{{email}}</strong>) was just changed, and every device was signed out.</p>
            <p style="color:#475569">If this was you, there is nothing to do. If it was not, reset your password at once with “Forgot password?”.</p>
            """ + htmlFoot,
        "reauthentication.text": """
        Someone signed in to the {{{product}}} account for {{{email}}} asked to change its password.

        To confirm it is you, enter this code: {{{code}}}

        The code works once and expires in {{{expiry}}}. If this was not you, someone may be using your
        account: sign in and change your password, which signs every other device out.
        """,
        "reauthentication.html": htmlHead + """
            <p>Someone signed in to the {{product}} account for <strong>{{email}}</strong> asked to change its password.</p>
            <p>To confirm it is you, enter this code: <strong style="font-size:20px;letter-spacing:4px">{{code}}</strong></p>
            <p style="color:#475569">The code works once and expires in {{expiry}}. If this was not you, someone may be using your
            account: sign in and change your password, which signs every other device out.</p>
            """ + htmlFoot,
        "magic_link.text": """
        Someone asked to sign in to the {{{product}}} account for {{{email}}}.

        Sign in here:
        {{{link}}}

        Or enter this code in the app: {{{code}}}

        The link and the code work once and expire in {{{expiry}}}. If you did not ask for this, you can ignore this email.
        """,
        "magic_link.html": htmlHead + """
            <p>Someone asked to sign in to the {{product}} account for <strong>{{email}}</strong>.</p>
            """ + button.replacingOccurrences(of: "{{label}}", with: "Sign in") + """
                <p>Or enter this code in the app: <strong style="font-size:20px;letter-spacing:4px">{{code}}</strong></p>
                <p style="color:#475569">The link and the code work once and expire in {{expiry}}. If you did not ask for this, you can ignore this email.</p>
                """ + htmlFoot,
        "invite.text": """
        You have been invited to create a {{{product}}} account for {{{email}}}.

        Accept the invitation here:
        {{{link}}}

        Or enter this code in the app: {{{code}}}

        The link and the code work once and expire in {{{expiry}}}. After accepting, choose a password for your account.
        """,
        "invite.html": htmlHead + """
            <p>You have been invited to create a {{product}} account for <strong>{{email}}</strong>.</p>
            """ + button.replacingOccurrences(of: "{{label}}", with: "Accept the invitation") + """
                <p>Or enter this code in the app: <strong style="font-size:20px;letter-spacing:4px">{{code}}</strong></p>
                <p style="color:#475569">The link and the code work once and expire in {{expiry}}. After accepting, choose a password for your account.</p>
                """ + htmlFoot,
    ]
}
