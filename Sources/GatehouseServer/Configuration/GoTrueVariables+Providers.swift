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

/// GoTrue's settings for the providers Gatehouse has: Apple and Google. Other providers'
/// switches are refused (`GoTrueVariables.provider`, in GoTrueVariables+Families.swift).
extension GoTrueVariables {
    static let appleClientIds = "GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS"
    static let appleIssuer = "https://appleid.apple.com"
    static let googleIssuer = "https://accounts.google.com"

    static let providers: [String: GoTrueRule] = [
        "GOTRUE_EXTERNAL_APPLE_ENABLED": .alias("GATEHOUSE_EXTERNAL_APPLE_ENABLED", GoTrueValue.flagText),
        "GOTRUE_EXTERNAL_APPLE_CLIENT_ID": GoTrueRule(showsValue: false) { value, env in
            .reads([(appleClientIds, withBundleId(value, env))])
        },
        // GoTrue adds the iOS bundle id to Apple's audiences; read with the client ids when both are set.
        "GOTRUE_EXTERNAL_IOS_BUNDLE_ID": GoTrueRule(showsValue: false) { value, env in
            GoTrueEnvironment.value("GOTRUE_EXTERNAL_APPLE_CLIENT_ID", in: env) == nil ? .reads([(appleClientIds, value)]) : .ignored
        },
        "GOTRUE_EXTERNAL_APPLE_SECRET": .alias("GATEHOUSE_EXTERNAL_APPLE_SECRET"),
        "GOTRUE_EXTERNAL_APPLE_SKIP_NONCE_CHECK": skipNonceCheck,
        "GOTRUE_EXTERNAL_GOOGLE_ENABLED": .alias("GATEHOUSE_EXTERNAL_GOOGLE_ENABLED", GoTrueValue.flagText),
        "GOTRUE_EXTERNAL_GOOGLE_CLIENT_ID": .alias("GATEHOUSE_EXTERNAL_GOOGLE_CLIENT_IDS"),
        "GOTRUE_EXTERNAL_GOOGLE_SECRET": .alias("GATEHOUSE_EXTERNAL_GOOGLE_SECRET"),
        "GOTRUE_EXTERNAL_GOOGLE_SKIP_NONCE_CHECK": skipNonceCheck,
        "GOTRUE_EXTERNAL_ALLOWED_ID_TOKEN_ISSUERS": .accepted(
            when: { issuers in
                issuers.split(separator: ",").allSatisfy { [appleIssuer, googleIssuer].contains($0.trimmingCharacters(in: .whitespaces)) }
            },
            otherwise: "Gatehouse takes ID tokens only from the providers it is configured with (Apple, Google, and "
                + "GATEHOUSE_EXTERNAL_OIDC_ISSUER under GATEHOUSE_EXTERNAL_OIDC_NAME), each named by its provider"),
    ]

    static let skipNonceCheck = GoTrueRule.onlyFalse(
        "Gatehouse always checks an ID token's nonce when the token or the request carries one")

    /// GoTrue's Apple client ids with its iOS bundle id after them, unless already listed.
    static func withBundleId(_ clientIds: String, _ env: [String: String]) -> String {
        guard let bundleId = GoTrueEnvironment.value("GOTRUE_EXTERNAL_IOS_BUNDLE_ID", in: env) else { return clientIds }
        let listed = clientIds.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return listed.contains(bundleId) ? clientIds : clientIds + "," + bundleId
    }
}
