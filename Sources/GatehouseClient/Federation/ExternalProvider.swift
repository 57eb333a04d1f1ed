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

import GatehouseCore

/// A provider whose ID tokens the server takes: its GoTrue name (`provider` of
/// `/token?grant_type=id_token` and `/authorize`) and its Firebase `providerId`
/// (`signInWithIdp`'s `postBody`).
public struct ExternalProvider: Hashable, Sendable {
    public var name: String
    public var firebaseProviderId: String

    public init(name: String, firebaseProviderId: String) {
        self.name = name
        self.firebaseProviderId = firebaseProviderId
    }

    public static let apple = ExternalProvider(name: "apple", firebaseProviderId: "apple.com")
    public static let google = ExternalProvider(name: "google", firebaseProviderId: "google.com")

    /// An OpenID Connect issuer the server knows by `name` (`GATEHOUSE_EXTERNAL_OIDC_NAME`);
    /// Firebase calls it `oidc.<name>`.
    public static func openIDConnect(_ name: String) -> ExternalProvider {
        ExternalProvider(name: name, firebaseProviderId: "oidc.\(name)")
    }
}

/// What an ID-token sign-in produced: the session (kept and announced as a password
/// sign-in's) and whether the server made a new account for it. Firebase says so
/// (`isNewUser`); GoTrue's answer does not, so it is nil there.
public struct IDTokenSignIn: Sendable, Equatable {
    public var session: Session
    public var isNewUser: Bool?

    public init(session: Session, isNewUser: Bool?) {
        self.session = session
        self.isNewUser = isNewUser
    }
}
