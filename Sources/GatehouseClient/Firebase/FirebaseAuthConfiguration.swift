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

/// Where and how a `FirebaseAuthClient` talks to a Firebase Auth API (Google's or Gatehouse's).
public struct FirebaseAuthConfiguration: Sendable {
    public var endpoints: FirebaseEndpoints
    /// Where the session persists when "remember me" is on.
    public var storage: any SessionStorage
    public var storageKey = "gatehouse.firebase.session"
    /// The reset email's `continueUrl` (where the reset page sends the person afterwards).
    public var continueURL: URL?
    /// The reset link's lifetime, when known (Firebase's answers do not say): Google's is 1 h.
    public var resetLinkLifetime: Int?
    public var requestTimeout: TimeSpan = .seconds(30)
    /// Refresh when the ID token expires within this long (the iOS SDK's 5 minutes).
    public var refreshLeeway: TimeSpan = .seconds(300)
    public var transport: any HTTPTransport = URLSessionTransport()
    /// The wall clock, for expiry decisions.
    public var now: @Sendable () -> Date = { Date() }

    public init(endpoints: FirebaseEndpoints, storage: any SessionStorage = PlatformSessionStorage.make()) {
        self.endpoints = endpoints
        self.storage = storage
    }
}
