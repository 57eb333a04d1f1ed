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

import Crypto
import Foundation

/// The pages' Mustache templates and static assets, compiled into the binary from
/// `Sources/GatehouseServer/Resources/` (SwiftPM's `embedInCode` resources), so the server is
/// one self-contained executable: nothing to install beside it, nothing read from disk at run time.
enum WebResources {
    /// Template name → source. Partials (`partial_…`, `icon_…`) are registered like pages.
    static let templates: [String: [UInt8]] = [
        "layout": PackageResources.layout_mustache,
        "partial_alert": PackageResources.partial_alert_mustache,
        "partial_field": PackageResources.partial_field_mustache,
        "partial_factor_choice": PackageResources.partial_factor_choice_mustache,
        "icon_check": PackageResources.icon_check_mustache,
        "icon_clock": PackageResources.icon_clock_mustache,
        "icon_close": PackageResources.icon_close_mustache,
        "icon_envelope": PackageResources.icon_envelope_mustache,
        "icon_lock": PackageResources.icon_lock_mustache,
        "icon_mail_check": PackageResources.icon_mail_check_mustache,
        "icon_warning": PackageResources.icon_warning_mustache,
        "welcome": PackageResources.welcome_mustache,
        "login": PackageResources.login_mustache,
        "login_code": PackageResources.login_code_mustache,
        "firebase_action": PackageResources.firebase_action_mustache,
        "signup": PackageResources.signup_mustache,
        "signup_sent": PackageResources.signup_sent_mustache,
        "forgot_password": PackageResources.forgot_password_mustache,
        "forgot_password_sent": PackageResources.forgot_password_sent_mustache,
        "reset_password": PackageResources.reset_password_mustache,
        "reset_password_invalid": PackageResources.reset_password_invalid_mustache,
        "reset_password_done": PackageResources.reset_password_done_mustache,
        "account": PackageResources.account_mustache,
        "account_passkeys": PackageResources.account_passkeys_mustache,
        "account_identities": PackageResources.account_identities_mustache,
        "provider_buttons": PackageResources.provider_buttons_mustache,
        "dev_mailbox": PackageResources.dev_mailbox_mustache,
        "server_error": PackageResources.server_error_mustache,
        "verify_link": PackageResources.verify_link_mustache,
    ]

    /// A static file served under `/assets/`.
    struct Asset: Sendable {
        let name: String
        let contentType: String
        let bytes: [UInt8]
        /// A short content hash: the `?v=` of the URLs the pages link to, and the ETag.
        let version: String

        init(name: String, contentType: String, bytes: [UInt8]) {
            self.name = name
            self.contentType = contentType
            self.bytes = bytes
            self.version = SHA256.hash(data: bytes).prefix(6).hexString
        }

        /// `/assets/name?v=hash`: a new version gets a new URL, so caches never serve a stale file.
        var url: String { "/assets/\(name)?v=\(version)" }
    }

    static let assets: [String: Asset] = {
        let files: [(String, String, [UInt8])] = [
            ("gatehouse.css", "text/css; charset=utf-8", PackageResources.gatehouse_css),
            ("gatehouse.js", "text/javascript; charset=utf-8", PackageResources.gatehouse_js),
            ("passkeys.js", "text/javascript; charset=utf-8", PackageResources.passkeys_js),
            ("logo.svg", "image/svg+xml", PackageResources.logo_svg),
            ("field.svg", "image/svg+xml", PackageResources.field_svg),
            ("error.svg", "image/svg+xml", PackageResources.error_svg),
            ("console.css", "text/css; charset=utf-8", PackageResources.console_css),
        ]
        return Dictionary(uniqueKeysWithValues: files.map { ($0.0, Asset(name: $0.0, contentType: $0.1, bytes: $0.2)) })
    }()
}
