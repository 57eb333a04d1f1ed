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

extension ExternalProviders {
    /// Reads every `GATEHOUSE_EXTERNAL_*` provider setting (a bad value stops the start even for
    /// a provider that is off) and the providers that are on, with the rules between settings:
    /// client ids for every provider that is on, Apple's key settings all or none, and https
    /// endpoints in production (plain http only on a loopback host, for a provider run beside us).
    static func fromEnvironment(_ reader: EnvironmentReader, environment: ServerConfiguration.Environment) throws -> ExternalProviders {
        var external = ExternalProviders()
        external.linking = try reader.read(ServerSettings.externalLinking)
        let providers = [try apple(reader), try google(reader), try openIDConnect(reader)].compactMap { $0 }
        if environment == .production {
            for (setting, url) in providers.flatMap(\.endpointSettings) { try requireHTTPS(setting, url) }
        }
        external.providers = providers
        return external
    }

    private static func apple(_ reader: EnvironmentReader) throws -> IdentityProvider? {
        let enabled = try reader.read(ServerSettings.appleEnabled)
        let clientIds = try reader.read(ServerSettings.appleClientIds)
        let secret = try reader.read(ServerSettings.appleSecret)
        let teamId = try reader.read(ServerSettings.appleTeamId)
        let keyId = try reader.read(ServerSettings.appleKeyId)
        let keyFile = try reader.read(ServerSettings.applePrivateKeyFile)
        var provider = IdentityProvider(
            name: "apple", displayName: "Apple", kind: .apple, clientIds: clientIds, clientSecret: secret.map(Secret.init),
            appleKey: nil, issuer: try reader.read(ServerSettings.appleIssuer), jwksURL: try reader.read(ServerSettings.appleJWKSURL),
            authorizationURL: try reader.read(ServerSettings.appleAuthorizationURL),
            tokenURL: try reader.read(ServerSettings.appleTokenURL),
            scopes: ["name", "email"])
        let keySettings = [teamId, keyId, keyFile]
        guard keySettings.allSatisfy({ $0 == nil }) || keySettings.allSatisfy({ $0 != nil }) else {
            throw ConfigurationError(
                "GATEHOUSE_EXTERNAL_APPLE_TEAM_ID, GATEHOUSE_EXTERNAL_APPLE_KEY_ID and GATEHOUSE_EXTERNAL_APPLE_PRIVATE_KEY_FILE "
                    + "go together: set all three (to mint Apple's client secret) or none")
        }
        guard enabled else { return nil }
        try requireClientIds(clientIds, ServerSettings.appleClientIds, enabledBy: "GATEHOUSE_EXTERNAL_APPLE_ENABLED=true")
        if let teamId, let keyId, let keyFile {
            provider.appleKey = AppleClientSecretKey(teamId: teamId, keyId: keyId, privateKeyPEM: Secret(try applePrivateKey(at: keyFile)))
        }
        return provider
    }

    private static func google(_ reader: EnvironmentReader) throws -> IdentityProvider? {
        let enabled = try reader.read(ServerSettings.googleEnabled)
        let provider = IdentityProvider(
            name: "google", displayName: "Google", kind: .google, clientIds: try reader.read(ServerSettings.googleClientIds),
            clientSecret: try reader.read(ServerSettings.googleSecret).map(Secret.init), appleKey: nil,
            issuer: try reader.read(ServerSettings.googleIssuer), jwksURL: try reader.read(ServerSettings.googleJWKSURL),
            authorizationURL: try reader.read(ServerSettings.googleAuthorizationURL),
            tokenURL: try reader.read(ServerSettings.googleTokenURL),
            scopes: ["openid", "email", "profile"])
        guard enabled else { return nil }
        try requireClientIds(provider.clientIds, ServerSettings.googleClientIds, enabledBy: "GATEHOUSE_EXTERNAL_GOOGLE_ENABLED=true")
        return provider
    }

    private static func openIDConnect(_ reader: EnvironmentReader) throws -> IdentityProvider? {
        let name = try reader.read(ServerSettings.oidcName)
        let displayName = try reader.read(ServerSettings.oidcDisplayName)
        let issuer = try reader.read(ServerSettings.oidcIssuer)
        let clientIds = try reader.read(ServerSettings.oidcClientIds)
        let secret = try reader.read(ServerSettings.oidcSecret)
        let jwksURL = try reader.read(ServerSettings.oidcJWKSURL)
        let authorizationURL = try reader.read(ServerSettings.oidcAuthorizationURL)
        let tokenURL = try reader.read(ServerSettings.oidcTokenURL)
        let scopes = try reader.read(ServerSettings.oidcScopes)
        guard let name else {
            let others: [any SettingDescription] = [
                ServerSettings.oidcDisplayName, ServerSettings.oidcIssuer, ServerSettings.oidcClientIds, ServerSettings.oidcSecret,
                ServerSettings.oidcJWKSURL, ServerSettings.oidcAuthorizationURL, ServerSettings.oidcTokenURL, ServerSettings.oidcScopes,
            ]
            if let set = others.first(where: { reader.isSet($0) }) {
                throw ConfigurationError(
                    "\(set.name) is set but GATEHOUSE_EXTERNAL_OIDC_NAME is not: the provider is on only with its name")
            }
            return nil
        }
        guard let issuer else {
            throw ConfigurationError.required("GATEHOUSE_EXTERNAL_OIDC_ISSUER", with: "GATEHOUSE_EXTERNAL_OIDC_NAME", name)
        }
        try requireClientIds(clientIds, ServerSettings.oidcClientIds, enabledBy: "GATEHOUSE_EXTERNAL_OIDC_NAME=\(name)")
        return IdentityProvider(
            name: name, displayName: displayName ?? name.prefix(1).uppercased() + name.dropFirst(), kind: .oidc, clientIds: clientIds,
            clientSecret: secret.map(Secret.init), appleKey: nil, issuer: issuer, jwksURL: jwksURL, authorizationURL: authorizationURL,
            tokenURL: tokenURL, scopes: scopes)
    }

    private static func requireClientIds(_ ids: [String], _ setting: Setting<[String]>, enabledBy switchText: String) throws {
        guard ids.isEmpty else { return }
        throw ConfigurationError("\(setting.name) is required with \(switchText) (the client ids its ID tokens are issued to)")
    }

    /// The `.p8` file's PEM, checked to be a P-256 private key now rather than at the first web sign-in.
    private static func applePrivateKey(at path: String) throws -> String {
        let name = ServerSettings.applePrivateKeyFile.name
        guard let pem = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ConfigurationError("\(name)=\(path) cannot be read")
        }
        guard AppleClientSecret.isUsable(pem) else {
            throw ConfigurationError("\(name)=\(path) is not a PEM P-256 private key (Apple's .p8 key file)")
        }
        return pem
    }

    private static func requireHTTPS(_ setting: String, _ url: String) throws {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() != "https",
            !ServerConfiguration.isLoopback(host: components.host ?? "")
        else { return }
        throw ConfigurationError("\(setting) must be an https URL when GATEHOUSE_ENV=production (http only on a loopback host)")
    }
}

extension IdentityProvider {
    /// The provider's URLs with the settings they were read from.
    fileprivate var endpointSettings: [(setting: String, url: String)] {
        let prefix = kind == .oidc ? "GATEHOUSE_EXTERNAL_OIDC" : "GATEHOUSE_EXTERNAL_\(name.uppercased())"
        let urls = [("ISSUER", issuer), ("JWKS_URL", jwksURL), ("AUTHORIZATION_URL", authorizationURL), ("TOKEN_URL", tokenURL)]
        return urls.compactMap { suffix, url in url.map { ("\(prefix)_\(suffix)", $0) } }
    }
}
