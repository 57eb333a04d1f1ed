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

/// Sign-in with other providers: Apple, Google, and one OpenID Connect issuer the operator names.
/// Read into `ServerConfiguration.external` by `ExternalProviders.fromEnvironment`
/// (Federation/ExternalProviders+Environment.swift).
extension ServerSettings {
    static let external: [any SettingDescription] = [
        appleEnabled, appleClientIds, appleSecret, appleTeamId, appleKeyId, applePrivateKeyFile, appleIssuer, appleJWKSURL,
        appleAuthorizationURL, appleTokenURL,
        googleEnabled, googleClientIds, googleSecret, googleIssuer, googleJWKSURL, googleAuthorizationURL, googleTokenURL,
        oidcName, oidcDisplayName, oidcIssuer, oidcClientIds, oidcSecret, oidcJWKSURL, oidcAuthorizationURL, oidcTokenURL, oidcScopes,
        externalLinking,
    ]

    // MARK: Apple

    static let appleEnabled = Setting<Bool>.flag(
        "GATEHOUSE_EXTERNAL_APPLE_ENABLED", default: false,
        help: "Sign in with Apple: ID tokens from the app (`/token?grant_type=id_token`, `signInWithIdp`) and the web flow")
    static let appleClientIds = clientIds(
        "GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS",
        help: "the audiences Apple's ID tokens may name: the app's bundle id, the web flow's services id; the first is the web "
            + "flow's client id, so put the services id first when you use it. Required when Apple is on")
    static let appleSecret = Setting<String?>.text(
        "GATEHOUSE_EXTERNAL_APPLE_SECRET", shown: "unset: minted from the key", accepted: "a client secret JWT", secret: true,
        help: "the web flow's client secret, when you make it yourself (it expires after at most 6 months); better: set the "
            + "team id, key id and key file and Gatehouse mints one per request. Native sign-in needs neither")
    static let appleTeamId = appleIdentifier(
        "GATEHOUSE_EXTERNAL_APPLE_TEAM_ID", help: "your Apple developer team id: the `iss` of the client secret Gatehouse mints")
    static let appleKeyId = appleIdentifier(
        "GATEHOUSE_EXTERNAL_APPLE_KEY_ID", help: "the id of your Sign in with Apple key: the `kid` of the client secret Gatehouse mints")
    static let applePrivateKeyFile = Setting<String?>.text(
        "GATEHOUSE_EXTERNAL_APPLE_PRIVATE_KEY_FILE", shown: "unset", accepted: "a file path",
        help: "the `.p8` file of that key (a PEM P-256 private key), read at start; with the team id and key id it lets Gatehouse "
            + "mint the web flow's client secret. Set all three or none")
    static let appleIssuer = url(
        "GATEHOUSE_EXTERNAL_APPLE_ISSUER", default: "https://appleid.apple.com",
        help: "the `iss` of Apple's ID tokens (a test issuer's, in tests)")
    static let appleJWKSURL = url(
        "GATEHOUSE_EXTERNAL_APPLE_JWKS_URL", default: "https://appleid.apple.com/auth/keys", help: "where Apple's signing keys are")
    static let appleAuthorizationURL = url(
        "GATEHOUSE_EXTERNAL_APPLE_AUTHORIZATION_URL", default: "https://appleid.apple.com/auth/authorize",
        help: "where the web flow sends the browser")
    static let appleTokenURL = url(
        "GATEHOUSE_EXTERNAL_APPLE_TOKEN_URL", default: "https://appleid.apple.com/auth/token",
        help: "where the web flow exchanges Apple's code")

    // MARK: Google

    static let googleEnabled = Setting<Bool>.flag(
        "GATEHOUSE_EXTERNAL_GOOGLE_ENABLED", default: false,
        help: "sign-in with Google: ID tokens from the app and the web flow")
    static let googleClientIds = clientIds(
        "GATEHOUSE_EXTERNAL_GOOGLE_CLIENT_IDS",
        help:
            "the OAuth client ids Google's ID tokens may name (web, iOS, Android); the first is the web flow's. Required when Google is on")
    static let googleSecret = Setting<String?>.text(
        "GATEHOUSE_EXTERNAL_GOOGLE_SECRET", shown: "unset", accepted: "text", secret: true,
        help: "the web client's secret, for the web flow (native sign-in needs none)")
    static let googleIssuer = url(
        "GATEHOUSE_EXTERNAL_GOOGLE_ISSUER", default: "https://accounts.google.com",
        help: "the `iss` of Google's ID tokens (its host alone is accepted too, as Google sends it)")
    static let googleJWKSURL = url(
        "GATEHOUSE_EXTERNAL_GOOGLE_JWKS_URL", default: "https://www.googleapis.com/oauth2/v3/certs", help: "where Google's signing keys are"
    )
    static let googleAuthorizationURL = url(
        "GATEHOUSE_EXTERNAL_GOOGLE_AUTHORIZATION_URL", default: "https://accounts.google.com/o/oauth2/v2/auth",
        help: "where the web flow sends the browser")
    static let googleTokenURL = url(
        "GATEHOUSE_EXTERNAL_GOOGLE_TOKEN_URL", default: "https://oauth2.googleapis.com/token",
        help: "where the web flow exchanges Google's code")

    // MARK: An OpenID Connect issuer

    static let oidcName = Setting<String?>(
        "GATEHOUSE_EXTERNAL_OIDC_NAME", default: nil, shown: "unset (off)",
        accepted: "1 to 32 lowercase letters, digits, `-` and `_`, starting with a letter; not `apple`, `google`, `email`, `phone`",
        help: "turns on sign-in with your own OpenID Connect issuer under this name: GoTrue's `provider`, Firebase's `oidc.<name>`"
    ) { name in
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.unicodeScalars.count <= 32,
            name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" })
        else { throw ConfigurationError.notValid("GATEHOUSE_EXTERNAL_OIDC_NAME", name) }
        guard !reservedProviderNames.contains(name) else {
            throw ConfigurationError("GATEHOUSE_EXTERNAL_OIDC_NAME=\(name) is a name Gatehouse already uses for a sign-in method")
        }
        return name
    }
    /// GoTrue's `external` names that are not this provider.
    static let reservedProviderNames: Set = ["apple", "google", "email", "phone", "anonymous_users"]

    static let oidcDisplayName = Setting<String?>.text(
        "GATEHOUSE_EXTERNAL_OIDC_DISPLAY_NAME", shown: "the name", accepted: "text",
        help: "what the pages' button says: \"Continue with <display name>\"")
    static let oidcIssuer = optionalURL(
        "GATEHOUSE_EXTERNAL_OIDC_ISSUER", shown: "unset",
        help: "the issuer (`iss`) exactly as its tokens carry it; its endpoints come from `<issuer>/.well-known/openid-configuration` "
            + "unless set below. Required with the name")
    static let oidcClientIds = clientIds(
        "GATEHOUSE_EXTERNAL_OIDC_CLIENT_IDS",
        help: "the audiences its ID tokens may name; the first is the web flow's client id. Required with the name")
    static let oidcSecret = Setting<String?>.text(
        "GATEHOUSE_EXTERNAL_OIDC_SECRET", shown: "unset", accepted: "text", secret: true,
        help: "the web flow's client secret (none: a public client, PKCE only)")
    static let oidcJWKSURL = optionalURL(
        "GATEHOUSE_EXTERNAL_OIDC_JWKS_URL", shown: "from the discovery document", help: "where its signing keys are")
    static let oidcAuthorizationURL = optionalURL(
        "GATEHOUSE_EXTERNAL_OIDC_AUTHORIZATION_URL", shown: "from the discovery document", help: "where the web flow sends the browser")
    static let oidcTokenURL = optionalURL(
        "GATEHOUSE_EXTERNAL_OIDC_TOKEN_URL", shown: "from the discovery document", help: "where the web flow exchanges its code")
    static let oidcScopes = Setting<[String]>(
        "GATEHOUSE_EXTERNAL_OIDC_SCOPES", default: ["openid", "email", "profile"], shown: "`openid email profile`",
        accepted: "scopes separated by spaces or commas, `openid` among them", help: "the scopes the web flow asks for"
    ) { text in
        let scopes = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard scopes.contains("openid") else {
            throw ConfigurationError("GATEHOUSE_EXTERNAL_OIDC_SCOPES must include openid (without it there is no ID token)")
        }
        return scopes
    }

    // MARK: Accounts

    static let externalLinking = Setting<IdentityLinking>.choice(
        "GATEHOUSE_EXTERNAL_LINKING", default: .verifiedAddresses,
        help: "when a provider's address already has an account: `verified` joins them only if the provider says the address "
            + "is verified and the account's address is confirmed; `never` refuses (`email_exists`). Either way an unverified "
            + "address or an unconfirmed account is refused")

    // MARK: The kinds of setting

    static let urlAccepted = "an http(s) URL; https in production unless the host is loopback"

    private static func url(_ name: String, default value: String, help: String) -> Setting<String> {
        Setting(name, default: value, shown: "`\(value)`", accepted: urlAccepted, help: help) { try checkedURL(name, $0) }
    }

    private static func optionalURL(_ name: String, shown: String, help: String) -> Setting<String?> {
        Setting(name, default: nil, shown: shown, accepted: urlAccepted, help: help) { try checkedURL(name, $0) }
    }

    /// An absolute http(s) URL with a host, no credentials and no fragment, kept as written (an
    /// issuer is compared character for character with the tokens' `iss`).
    static func checkedURL(_ name: String, _ text: String) throws -> String {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, url.user == nil, url.password == nil, url.fragment == nil
        else {
            throw ConfigurationError("\(name)=\(text) is not an http(s) URL with a host (and no user, password or fragment)")
        }
        return text
    }

    private static func clientIds(_ name: String, help: String) -> Setting<[String]> {
        Setting(name, default: [], shown: "none", accepted: "comma-separated client ids", help: help) { text in
            let ids = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !ids.isEmpty, ids.allSatisfy({ id in id.unicodeScalars.allSatisfy { (33..<127).contains($0.value) } }) else {
                throw ConfigurationError.notValid(name, text)
            }
            return ids
        }
    }

    /// Apple's team and key ids: 10 capital letters and digits.
    private static func appleIdentifier(_ name: String, help: String) -> Setting<String?> {
        Setting(name, default: nil, shown: "unset", accepted: "10 capital letters and digits", help: help) { text in
            guard text.unicodeScalars.count == 10, text.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
            else { throw ConfigurationError.notValid(name, text) }
            return text
        }
    }
}

extension IdentityLinking: CaseIterable {
    static let allCases: [IdentityLinking] = [.verifiedAddresses, .never]
}
