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

/// GoTrue's mailer and SMTP variables (docs/guides/gotrue-environment.md).
extension GoTrueVariables {
    static let mail: [String: GoTrueRule] = [
        "GOTRUE_MAILER_AUTOCONFIRM": .alias("GATEHOUSE_AUTOCONFIRM", GoTrueValue.flagText),
        "GOTRUE_MAILER_OTP_EXP": .alias("GATEHOUSE_OTP_EXPIRY") { text throws(GoTrueValue.Refusal) in
            try GoTrueValue.seconds(text, zero: 86_400)
        },
        "GOTRUE_MAILER_OTP_LENGTH": .accepted(when: isSixDigits, otherwise: "Gatehouse's email codes have 6 digits"),
        "GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED": .alias("GATEHOUSE_MAILER_SECURE_EMAIL_CHANGE_ENABLED", GoTrueValue.flagText),
        // GoTrue sends through SMTP as soon as it has a host.
        "GOTRUE_SMTP_HOST": GoTrueRule(showsValue: false) { host, _ in
            .reads([("GATEHOUSE_SMTP_HOST", host), ("GATEHOUSE_MAIL_TRANSPORT", "smtp")])
        },
        // GoTrue's mailer speaks TLS from the first byte on port 465.
        "GOTRUE_SMTP_PORT": GoTrueRule(showsValue: false) { port, _ in
            .reads([("GATEHOUSE_SMTP_PORT", port)] + (port == "465" ? [("GATEHOUSE_SMTP_SECURITY", "tls")] : []))
        },
        "GOTRUE_SMTP_USER": .alias("GATEHOUSE_SMTP_USERNAME"),
        "GOTRUE_SMTP_PASS": .alias("GATEHOUSE_SMTP_PASSWORD"),
        "GOTRUE_SMTP_ADMIN_EMAIL": GoTrueRule(showsValue: false) { address, env in
            let name = GoTrueEnvironment.value("GOTRUE_SMTP_SENDER_NAME", in: env)
            return .reads([("GATEHOUSE_MAIL_FROM", name.map { "\($0) <\(address)>" } ?? address)])
        },
        // Read together with the address, into GATEHOUSE_MAIL_FROM.
        "GOTRUE_SMTP_SENDER_NAME": GoTrueRule(showsValue: false) { _, env in
            GoTrueEnvironment.value("GOTRUE_SMTP_ADMIN_EMAIL", in: env) != nil
                ? .ignored
                : .refused("names a sender without an address: set GOTRUE_SMTP_ADMIN_EMAIL too (GATEHOUSE_MAIL_FROM takes both)")
        },
        "GOTRUE_SMTP_MAX_FREQUENCY": .alias("GATEHOUSE_EMAIL_SEND_WINDOW") { text throws(GoTrueValue.Refusal) in
            try GoTrueValue.durationSeconds(text, zero: 60)
        },
        "GOTRUE_SMTP_HEADERS": .refused("Gatehouse adds no headers of your choosing to its emails"),
        "GOTRUE_SMS_AUTOCONFIRM": .onlyFalse("Gatehouse has no phone sign-in, so no phone sign-ups to confirm without a code"),
        // GoTrue's reset emails go through /verify into the app, which is Gatehouse's `verify`
        // (its default, `page`, opens Gatehouse's own reset page instead).
        "GOTRUE_MAILER_URLPATHS_RECOVERY": GoTrueRule(showsValue: true) { path, _ in
            verifyPaths.contains(path) ? .reads([("GATEHOUSE_RECOVERY_LINK", "verify")]) : .refused(linkPathReason)
        },
    ]

    /// GoTrue's codes have 6 digits unless the length is 7 to 10: it replaces anything outside
    /// 6…10 by 6.
    static func isSixDigits(_ text: String) -> Bool {
        guard let length = Int(text) else { return false }
        return !(7...10).contains(length)
    }

    /// Gatehouse's emailed links open `<external URL>/auth/v1/verify`, and it serves `/verify` at
    /// its root too: GoTrue's default path and Supabase's gateway path reach the same page.
    static let verifyPaths = ["/verify", "/auth/v1/verify"]
    static let linkPathReason =
        "Gatehouse's emailed links open GATEHOUSE_EXTERNAL_URL/auth/v1/verify; only /verify or /auth/v1/verify (the same page) "
        + "can be kept"
    static let linkPath = GoTrueRule.accepted(when: { verifyPaths.contains($0) }, otherwise: linkPathReason)

    static let mailText = GoTrueRule.refused(
        "Gatehouse's emails have fixed texts (GATEHOUSE_PRODUCT_NAME names the product in them)")

    static let sms = GoTrueRule.refused("Gatehouse sends no SMS")
}
