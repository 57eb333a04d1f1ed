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

/// What Sign in with Apple hands the app (`ASAuthorizationAppleIDCredential`) without the platform
/// type, so `SignInWithAppleModel` runs and is tested anywhere.
public struct AppleIDCredential: Sendable, Equatable {
    /// Apple's stable id of the person for this app (the token's `sub`).
    public var user: String
    /// The ID token (a JWT, UTF-8) the server checks; its `nonce` claim is the request's hash.
    public var identityToken: Data?
    /// Only on the first authorization for this app, and only to the app: the ID token never
    /// carries the name.
    public var fullName: PersonNameComponents?
    public var email: String?

    public init(user: String, identityToken: Data?, fullName: PersonNameComponents? = nil, email: String? = nil) {
        self.user = user
        self.identityToken = identityToken
        self.fullName = fullName
        self.email = email
    }
}

/// How Sign in with Apple ended without a credential.
public enum SignInWithAppleError: Error, Sendable, Equatable {
    /// The person closed the sheet: not an error to show.
    case cancelled
    /// Anything else the platform reported.
    case failed(String)
}

/// The name Apple gave on the first sign-in, as the user metadata it becomes (`full_name`,
/// `given_name`, `family_name`, the keys GoTrue's providers fill).
public struct AppleProvidedName: Sendable, Equatable {
    public var givenName: String?
    public var familyName: String?

    /// Nil when Apple gave no name (every sign-in after the first, or the person left it out).
    public init?(_ components: PersonNameComponents?) {
        let given = Self.cleaned(components?.givenName)
        let family = Self.cleaned(components?.familyName)
        guard given != nil || family != nil else { return nil }
        givenName = given
        familyName = family
    }

    /// Given name, then family name, as Apple's sheet shows them in English.
    public var fullName: String {
        [givenName, familyName].compactMap { $0 }.joined(separator: " ")
    }

    public var metadata: [String: JSONValue] {
        var data: [String: JSONValue] = ["full_name": .string(fullName)]
        if let givenName { data["given_name"] = .string(givenName) }
        if let familyName { data["family_name"] = .string(familyName) }
        return data
    }

    /// Whether `metadata` already names the person (a name the person set wins over Apple's).
    static func isNamed(_ metadata: [String: JSONValue]) -> Bool {
        ["full_name", "name", "display_name", "given_name"].contains { cleaned(metadata[$0]?.stringValue) != nil }
    }

    private static func cleaned(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
