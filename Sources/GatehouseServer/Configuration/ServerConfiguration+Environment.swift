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

extension ServerConfiguration {
    /// Reads the process environment: every value through its `ServerSettings` entry (which
    /// holds the default, the bounds and the error for a bad value); what is left here are the
    /// rules between settings. In development a missing JWT secret is generated once and kept in
    /// the data folder; in production it is a start-up error, never a default.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerConfiguration {
        let reader = EnvironmentReader(env)
        do {
            return try read(reader)
        } catch let error as ConfigurationError {
            throw reader.goTrue.attributing(error)
        }
    }

    static func read(_ reader: EnvironmentReader) throws -> ServerConfiguration {
        try reader.goTrue.check()
        let environment = try reader.read(ServerSettings.environment)
        let dataDirectory = try reader.read(ServerSettings.dataDirectory)
        let secret: String
        if let configured = try reader.read(ServerSettings.jwtSecret) {
            secret = configured
        } else if environment == .development {
            secret = try DevelopmentSecret.loadOrCreate(in: dataDirectory)
        } else {
            throw ConfigurationError("GATEHOUSE_JWT_SECRET is required when GATEHOUSE_ENV=production")
        }
        var configuration = ServerConfiguration(jwtSecret: secret)
        configuration.environment = environment
        configuration.dataDirectory = dataDirectory
        configuration.host = try reader.read(ServerSettings.host)
        configuration.port = try reader.read(ServerSettings.port)
        configuration.databaseURL = try reader.read(ServerSettings.databaseURL)
        configuration.databasePoolSize = try reader.read(ServerSettings.databasePoolSize)
        if let url = configuration.databaseURL, url.hasPrefix("postgres") {
            _ = try PostgresTLS(url: url)  // a bad sslmode or sslrootcert stops the start here
        }
        configuration.jwtExpiry = try reader.read(ServerSettings.jwtExpiry)
        let externalURL = try reader.read(ServerSettings.externalURL)
        configuration.externalURL = externalURL ?? "http://\(configuration.host):\(configuration.port)"
        configuration.siteURL = try reader.read(ServerSettings.siteURL) ?? configuration.externalURL
        configuration.passwordPolicy = PasswordPolicy(minimumLength: try reader.read(ServerSettings.passwordMinimumLength))
        configuration.bcryptCost = try reader.read(ServerSettings.bcryptCost)
        configuration.autoconfirm = try reader.read(ServerSettings.autoconfirm)
        configuration.signupDisabled = try reader.read(ServerSettings.disableSignup)
        configuration.refreshTokenReuseInterval = Double(try reader.read(ServerSettings.refreshTokenReuseInterval))
        configuration.rateLimits = try RateLimitConfiguration.fromEnvironment(reader)
        configuration.signInFailureLimit = try reader.read(ServerSettings.signInFailureLimit)
        configuration.signInFailureWindow = Double(try reader.read(ServerSettings.signInFailureWindow))
        configuration.mail = try MailConfiguration.fromEnvironment(reader, environment: environment)
        configuration.otpExpiry = try reader.read(ServerSettings.otpExpiry)
        configuration.emailSendWindow = Double(try reader.read(ServerSettings.emailSendWindow))
        configuration.recoveryLink = try reader.read(ServerSettings.recoveryLink)
        configuration.redirectAllowList = try reader.read(ServerSettings.redirectAllowList)
        configuration.corsAllowedOrigins = try reader.read(ServerSettings.corsAllowedOrigins)
        configuration.logLevel = try reader.read(ServerSettings.logLevel)
        configuration.httpTimeouts.header = try reader.read(ServerSettings.httpHeaderTimeout)
        configuration.httpTimeouts.read = try reader.read(ServerSettings.httpReadTimeout)
        configuration.httpTimeouts.idle = try reader.read(ServerSettings.httpIdleTimeout)
        configuration.shutdownTimeout = try reader.read(ServerSettings.shutdownTimeout)
        configuration.sessions.timebox = try reader.read(ServerSettings.sessionsTimebox)
        configuration.sessions.inactivityTimeout = try reader.read(ServerSettings.sessionsInactivityTimeout)
        configuration.allowDevelopmentOnNetwork = try reader.read(ServerSettings.allowDevelopmentOnNetwork)
        try configuration.checkDevelopmentExposure()
        configuration.maximumMetadataBytes = try reader.read(ServerSettings.maximumMetadataBytes)
        configuration.reauthenticationWindow = Double(try reader.read(ServerSettings.reauthenticationWindow))
        configuration.maximumJSONDepth = try reader.read(ServerSettings.maximumJSONDepth)
        configuration.jwtKeys = try reader.read(ServerSettings.jwtKeys)
        configuration.usesDevelopmentSigningKey = configuration.jwtKeys == nil && environment == .development
        configuration.developmentKeySignsAccessTokens = !reader.isSet(ServerSettings.jwtSecret)
        configuration.firebase = try FirebaseConfiguration.fromEnvironment(reader, environment: environment)
        // Firebase ID tokens are RS256 with a `kid`, as Google's; production has no development key.
        if environment == .production, configuration.firebase.projectId != nil, configuration.jwtKeys?.signingKey.algorithm != .rs256 {
            throw ConfigurationError(
                "GATEHOUSE_FIREBASE_PROJECT_ID in production needs an RS256 signing key in GATEHOUSE_JWT_KEYS "
                    + "(Firebase ID tokens are RS256 with a kid)")
        }
        configuration.external = try ExternalProviders.fromEnvironment(reader, environment: environment)
        configuration.mfa = try MFAConfiguration.fromEnvironment(reader)
        configuration.secureEmailChange = try reader.read(ServerSettings.secureEmailChange)
        configuration.anonymousUsersEnabled = try reader.read(ServerSettings.anonymousUsersEnabled)
        configuration.anonymousSignInsPerHour = try reader.read(ServerSettings.rateLimitAnonymousUsers)
        configuration.auditRetention = try reader.read(ServerSettings.auditRetention)
        configuration.passwordBreach = try PasswordBreachConfiguration.fromEnvironment(reader, environment: environment)
        try readObservability(reader, into: &configuration)
        configuration.passkeys = try PasskeyConfiguration.fromEnvironment(reader, environment: environment, siteURL: configuration.siteURL)
        configuration.adminConsole = try reader.read(ServerSettings.adminConsole, defaultingTo: environment == .production ? .off : .on)
        configuration.adminConsoleIdleTimeout = try reader.read(ServerSettings.adminConsoleIdleTimeout)
        // Last: any other setting's own error is the more specific one.
        try configuration.checkProductionExternalURL(configured: externalURL)
        return configuration
    }
}

extension ServerConfiguration.RateLimitConfiguration {
    static func fromEnvironment(_ reader: EnvironmentReader) throws -> Self {
        var limits = Self()
        limits.tokenPerFiveMinutes = Double(try reader.read(ServerSettings.rateLimitToken))
        limits.otpPerFiveMinutes = Double(try reader.read(ServerSettings.rateLimitOTP))
        limits.verifyPerFiveMinutes = Double(try reader.read(ServerSettings.rateLimitVerify))
        limits.passkeyPerFiveMinutes = Double(try reader.read(ServerSettings.rateLimitPasskey))
        limits.burst = Double(try reader.read(ServerSettings.rateLimitBurst))
        limits.clientAddressHeader = try reader.read(ServerSettings.rateLimitHeader)
        limits.trustedProxies = try reader.read(ServerSettings.trustedProxies)
        try limits.checkForwardedAddressSettings()
        limits.ipv6Prefix = try reader.read(ServerSettings.rateLimitIPv6Prefix)
        return limits
    }

    /// A forwarded-address header is read only from trusted proxies: naming one without any
    /// proxy would silently do nothing (every client behind the proxy sharing its bucket).
    func checkForwardedAddressSettings() throws {
        guard clientAddressHeader != nil, trustedProxies.isEmpty else { return }
        throw ConfigurationError(
            "GATEHOUSE_RATE_LIMIT_HEADER is read only from trusted proxies: set GATEHOUSE_TRUSTED_PROXIES to their addresses (CIDR list)"
        )
    }
}
