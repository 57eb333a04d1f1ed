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

/// The Firebase Auth adapter (Identity Toolkit and securetoken paths): which project it serves
/// and which API keys its clients may present.
extension ServerSettings {
    static let firebase: [any SettingDescription] = [firebaseProjectId, firebaseAPIKeys] + firebaseCustomTokens

    static let firebaseProjectId = Setting<String?>(
        "GATEHOUSE_FIREBASE_PROJECT_ID", default: nil, shown: "`gatehouse-dev` in development, unset in production",
        accepted: "6 to 30 lowercase letters, digits and hyphens, starting with a letter",
        help: "the Firebase project the Identity Toolkit paths serve (ID tokens' `aud`, `iss` "
            + "`https://securetoken.google.com/<id>`); in production the Firebase API answers 404 until it is set, "
            + "and setting it needs an RS256 signing key in `GATEHOUSE_JWT_KEYS`"
    ) {
        guard FirebaseConfiguration.isValidProjectId($0) else {
            throw ConfigurationError(
                "GATEHOUSE_FIREBASE_PROJECT_ID=\($0) is not a project id (6 to 30 lowercase letters, digits and hyphens, "
                    + "starting with a letter, not ending with a hyphen)")
        }
        return $0
    }

    static let firebaseAPIKeys = Setting<[String]>(
        "GATEHOUSE_FIREBASE_API_KEYS", default: [], shown: "any key in development",
        accepted: "comma-separated API keys",
        help: "the `key=` / `X-Goog-Api-Key` values Firebase clients may send; another key answers `API_KEY_INVALID`. "
            + "Required in production when `GATEHOUSE_FIREBASE_PROJECT_ID` is set"
    ) {
        let keys = $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !keys.isEmpty else { throw ConfigurationError.notValid("GATEHOUSE_FIREBASE_API_KEYS", $0) }
        if let bad = keys.first(where: { key in !key.unicodeScalars.allSatisfy { (33..<127).contains($0.value) } }) {
            throw ConfigurationError("GATEHOUSE_FIREBASE_API_KEYS entry \(bad.prefix(8))… has characters an API key cannot have")
        }
        return keys
    }
}

/// The Firebase adapter's settings, read from `ServerSettings.firebase`.
public struct FirebaseConfiguration: Sendable {
    /// The development default, so `useEmulator` clients work out of the box.
    public static let developmentProjectId = "gatehouse-dev"

    /// The project served; nil: the Firebase paths are not mounted (they answer 404).
    public var projectId: String? = developmentProjectId
    /// Accepted API keys; empty: any non-empty key (development only).
    public var apiKeys: [String] = ServerSettings.firebaseAPIKeys.defaultValue
    /// The service accounts whose custom tokens sign in (`ServerSettings+FirebaseCustomTokens`).
    var serviceAccounts: [FirebaseServiceAccount] = ServerSettings.firebaseServiceAccountFile.defaultValue

    public init() {}

    /// Whether `key` may call the API.
    func accepts(apiKey key: String) -> Bool {
        guard !key.isEmpty else { return false }
        return apiKeys.isEmpty || apiKeys.contains(key)
    }

    /// Google's rule for project ids.
    static func isValidProjectId(_ id: String) -> Bool {
        let scalars = Array(id.unicodeScalars)
        guard (6...30).contains(scalars.count), let first = scalars.first, let last = scalars.last else { return false }
        guard ("a"..."z").contains(first), last != "-" else { return false }
        return scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Reads both settings; in production the API is off without a project id, and on only with
    /// its keys named (any key would be accepted otherwise).
    static func fromEnvironment(_ reader: EnvironmentReader, environment: ServerConfiguration.Environment) throws -> Self {
        var configuration = Self()
        let projectId = try reader.read(ServerSettings.firebaseProjectId)
        configuration.apiKeys = try reader.read(ServerSettings.firebaseAPIKeys)
        configuration.serviceAccounts = try reader.read(ServerSettings.firebaseServiceAccountFile)
        switch environment {
        case .development:
            configuration.projectId = projectId ?? developmentProjectId
        case .production:
            configuration.projectId = projectId
            if projectId != nil, configuration.apiKeys.isEmpty {
                throw ConfigurationError(
                    "GATEHOUSE_FIREBASE_API_KEYS is required when GATEHOUSE_FIREBASE_PROJECT_ID is set and GATEHOUSE_ENV=production "
                        + "(the API keys your Firebase apps send)")
            }
        }
        return configuration
    }
}
