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

/// The emails of Firebase's `sendOobCode`, in Firebase's default wording (its console's
/// templates for "Password reset" and "Email address verification"), with the link to
/// Firebase's action URL on this server. No 6-digit code: Firebase's clients know only the link.
extension EmailTemplates {
    func firebaseOob(_ type: FirebaseOobRequestType, _ context: Context) -> Rendered {
        switch type {
        case .passwordReset: render("firebase_reset", context, subject: "Reset your password for \(context.productName)")
        case .verifyEmail: render("firebase_verify", context, subject: "Verify your email for \(context.productName)")
        case .emailSignIn: firebaseEmailSignIn(context)
        }
    }

    static let firebaseSources: [String: String] = [
        "firebase_reset.text": """
        Hello,

        Follow this link to reset your {{{product}}} password for your {{{email}}} account.

        {{{link}}}

        The link works once and expires in {{{expiry}}}.

        If you didn't ask to reset your password, you can ignore this email.

        Thanks,

        Your {{{product}}} team
        """,
        "firebase_reset.html": htmlHead + """
            <p>Hello,</p>
            <p>Follow this link to reset your {{product}} password for your <strong>{{email}}</strong> account.</p>
            """ + button.replacingOccurrences(of: "{{label}}", with: "Reset your password") + """
                <p style="color:#475569;word-break:break-all">{{link}}</p>
                <p style="color:#475569">The link works once and expires in {{expiry}}.</p>
                <p style="color:#475569">If you didn’t ask to reset your password, you can ignore this email.</p>
                <p>Thanks,</p><p>Your {{product}} team</p>
                """ + htmlFoot,
        "firebase_verify.text": """
        Hello,

        Follow this link to verify your email address.

        {{{link}}}

        The link works once and expires in {{{expiry}}}.

        If you didn't ask to verify this address, you can ignore this email.

        Thanks,

        Your {{{product}}} team
        """,
        "firebase_verify.html": htmlHead + """
            <p>Hello,</p>
            <p>Follow this link to verify your email address (<strong>{{email}}</strong>).</p>
            """ + button.replacingOccurrences(of: "{{label}}", with: "Verify your email") + """
                <p style="color:#475569;word-break:break-all">{{link}}</p>
                <p style="color:#475569">The link works once and expires in {{expiry}}.</p>
                <p style="color:#475569">If you didn’t ask to verify this address, you can ignore this email.</p>
                <p>Thanks,</p><p>Your {{product}} team</p>
                """ + htmlFoot,
    ]
}
