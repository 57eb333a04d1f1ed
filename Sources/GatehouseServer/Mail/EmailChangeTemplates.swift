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

import Mustache

/// The two emails of an email change (GoTrue's `email_change` template, sent to each address
/// with its own link and code), HTML and plain text. Values are HTML-escaped by `{{…}}` in the
/// HTML parts; the text parts use `{{{…}}}`.
struct EmailChangeTemplates: Sendable {
    let templates: SplicedTemplates

    init() {
        var library = MustacheLibrary()
        for (name, source) in Self.sources {
            // The sources are constants; a parse error is a programming error caught by tests.
            if let template = try? MustacheTemplate(string: TemplateEscaping.source(source)) { library.register(template, named: name) }
        }
        templates = SplicedTemplates(
            library: library, valueNames: ["product", "email", "new_email", "link", "code", "expiry"])
    }

    struct Context: Sendable {
        var productName: String
        var side: EmailChangeSide
        var currentEmail: String
        var newEmail: String
        var link: String
        var code: String
        var expiry: String
    }

    /// The subject names the side, so a person holding both inboxes can tell the emails apart.
    func render(_ context: Context) -> EmailTemplates.Rendered {
        let name = context.side == .new ? "email_change_new" : "email_change_current"
        let subject =
            context.side == .new
            ? "Confirm your new \(context.productName) email address" : "Confirm the change of your \(context.productName) email address"
        let values = [context.productName, context.currentEmail, context.newEmail, context.link, context.code, context.expiry]
        return EmailTemplates.Rendered(
            subject: subject,
            text: templates.render(name + ".text", values: values),
            html: templates.render(name + ".html", values: values)
        )
    }

    private static let htmlHead = """
        <!doctype html><html><body style="margin:0;padding:24px;background:#ecfdf5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
        <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
        <h1 style="font-size:20px;margin:0 0 16px">{{product}}</h1>
        """
    private static let htmlFoot = "</div></body></html>"
    private static let button = """
        <p style="margin:24px 0"><a href="{{link}}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">Confirm the change</a></p>
        <p>Changing it in an app? Then enter this code in the app: <strong style="font-size:20px;letter-spacing:4px">{{code}}</strong></p>
        """

    static let sources: [String: String] = [
        "email_change_new.text": """
        Someone asked to use this address ({{{new_email}}}) for their {{{product}}} account.

        If it was you, confirm it here:
        {{{link}}}

        Changing it in an app? Then enter this code in the app: {{{code}}}

        The link and the code work once and expire in {{{expiry}}}. If you did not ask for this, ignore this email:
        nothing changes without your confirmation.
        """,
        "email_change_new.html": htmlHead + """
            <p>Someone asked to use this address (<strong>{{new_email}}</strong>) for their {{product}} account.</p>
            <p>If it was you, confirm it:</p>
            """ + button + """
                <p style="color:#475569">The link and the code work once and expire in {{expiry}}. If you did not ask for this, ignore this email:
                nothing changes without your confirmation.</p>
                """ + htmlFoot,
        "email_change_current.text": """
        Someone signed in to the {{{product}}} account for {{{email}}} asked to change its address to {{{new_email}}}.

        If it was you, confirm the change here (the new address must confirm too):
        {{{link}}}

        Changing it in an app? Then enter this code in the app: {{{code}}}

        The link and the code work once and expire in {{{expiry}}}. If this was not you, do not confirm: the address
        stays as it is, and someone may be using your account, so change your password.
        """,
        "email_change_current.html": htmlHead + """
            <p>Someone signed in to the {{product}} account for <strong>{{email}}</strong> asked to change its address to
            <strong>{{new_email}}</strong>.</p>
            <p>If it was you, confirm the change (the new address must confirm too):</p>
            """ + button + """
                <p style="color:#475569">The link and the code work once and expire in {{expiry}}. If this was not you, do not confirm:
                the address stays as it is, and someone may be using your account, so change your password.</p>
                """ + htmlFoot,
    ]
}
