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

/// GoTrue names that come in families: every external provider and every hook has the same few
/// settings, and every email its subject, template and link path. Matched by pattern so that a
/// provider or hook GoTrue adds later is still known; a family's switch decides, and the rest of
/// a family that is switched off is accepted and ignored, as GoTrue ignores it.
extension GoTrueVariables {
    static func family(of name: String) -> GoTrueRule? {
        if name.hasPrefix("GOTRUE_MAILER_URLPATHS_") { return linkPath }
        if name.hasPrefix("GOTRUE_MAILER_SUBJECTS_") || name.hasPrefix("GOTRUE_MAILER_TEMPLATES_") { return mailText }
        if name.hasPrefix("GOTRUE_SMS_") { return sms }
        if name.hasPrefix("GOTRUE_SECURITY_CAPTCHA_") || name.hasPrefix("GOTRUE_PASSWORD_HIBP_BLOOM_") { return .ignored }
        if let rest = name.dropping(prefix: "GOTRUE_HOOK_") { return hook(rest) }
        if let rest = name.dropping(prefix: "GOTRUE_EXTERNAL_") { return provider(rest) }
        return nil
    }

    /// `GOTRUE_HOOK_<HOOK>_ENABLED`, `_URI`, `_SECRETS`.
    static func hook(_ rest: String) -> GoTrueRule? {
        if rest.dropping(suffix: "_ENABLED") != nil {
            return .onlyFalse("Gatehouse runs no auth hooks (HTTP or Postgres functions)")
        }
        return ["_URI", "_SECRETS"].contains(where: { rest.dropping(suffix: $0) != nil }) ? .ignored : nil
    }

    /// The settings every OAuth, OIDC or Web3 provider has besides its switch.
    static let providerSettings = [
        "_CLIENT_ID", "_SECRET", "_REDIRECT_URI", "_URL", "_API_URL", "_EMAIL_OPTIONAL", "_SKIP_NONCE_CHECK",
        "_MAXIMUM_VALIDITY_DURATION",
    ]

    /// `GOTRUE_EXTERNAL_<PROVIDER>_ENABLED` and the provider's other settings. Email, phone,
    /// anonymous sign-in, Apple and Google are exact names (GoTrueVariables.swift,
    /// GoTrueVariables+Providers.swift), looked up before this.
    static func provider(_ rest: String) -> GoTrueRule? {
        if rest.dropping(suffix: "_ENABLED") != nil {
            return .onlyFalse(
                "Gatehouse's external sign-in providers are Apple, Google and one OpenID Connect issuer "
                    + "(GATEHOUSE_EXTERNAL_OIDC_NAME and GATEHOUSE_EXTERNAL_OIDC_ISSUER); no other OAuth or Web3 provider")
        }
        return providerSettings.contains(where: { rest.dropping(suffix: $0) != nil }) ? .ignored : nil
    }
}

extension String {
    /// The text after `prefix`, when it starts with it and something follows.
    fileprivate func dropping(prefix: String) -> String? {
        hasPrefix(prefix) && count > prefix.count ? String(dropFirst(prefix.count)) : nil
    }

    /// The text before `suffix`, when it ends with it and something comes first.
    fileprivate func dropping(suffix: String) -> String? {
        hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) : nil
    }
}
