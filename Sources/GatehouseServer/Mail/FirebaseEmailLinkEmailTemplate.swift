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

/// The email of Firebase's `sendOobCode EMAIL_SIGNIN` (the SDKs' `sendSignInLinkToEmail`): one
/// link to Firebase's action URL on this server, which sends the browser on to the app.
extension EmailTemplates {
    func firebaseEmailSignIn(_ context: Context) -> Rendered {
        render("firebase_signin", context, subject: "Sign in to \(context.productName)")
    }

    static let firebaseEmailLinkSources: [String: String] = [
        "firebase_signin.text": """
        Hello,

        We received a request to sign in to {{{product}}} with this email address ({{{email}}}). Follow this link to sign in:

        {{{link}}}

        The link works once and expires in {{{expiry}}}.

        If you didn't ask for this link, you can ignore this email.

        Thanks,

        Your {{{product}}} team
        """,
        "firebase_signin.html": htmlHead + """
            <p>Hello,</p>
            <p>We received a request to sign in to {{product}} with this email address (<strong>{{email}}</strong>).</p>
            """ + button.replacingOccurrences(of: "{{label}}", with: "Sign in") + """
                <p style="color:#475569;word-break:break-all">{{link}}</p>
                <p style="color:#475569">The link works once and expires in {{expiry}}.</p>
                <p style="color:#475569">If you didn’t ask for this link, you can ignore this email.</p>
                <p>Thanks,</p><p>Your {{product}} team</p>
                """ + htmlFoot,
    ]
}
