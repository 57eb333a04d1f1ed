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

/// Where and how an `AuthClient` talks to a GoTrue-compatible server (Gatehouse, or Supabase
/// Auth at `https://<project>.supabase.co/auth/v1`).
public struct AuthClientConfiguration: Sendable {
    /// The API's base URL: the server's root or its `/auth/v1`.
    public var url: URL
    /// Supabase's `apikey` (the anon key); sent as `apikey` and as the default Bearer token.
    public var apiKey: String?
    /// Extra headers on every request.
    public var headers: [String: String] = [:]
    public var flowType: AuthFlowType = .pkce
    /// The default `redirect_to` of emails (a deep link into the app, e.g. `myapp://reset`).
    public var redirectURL: URL?
    /// Other places links may come back to (a universal link, Gatehouse's `/reset-password`
    /// page). `session(from:)` refuses links to anywhere but these and `redirectURL`.
    public var allowedLinks: [AllowedLink] = []
    /// Whether sessions opened by confirmation and magic links (not resets: those are always kept
    /// in memory only) persist across launches. A PKCE sign-up's own `rememberMe` wins.
    public var rememberLinkSessions = true
    /// Where sessions (and PKCE verifiers) persist when "remember me" is on.
    public var storage: any SessionStorage
    public var storageKey = "gatehouse.auth.session"
    /// Coordinates refreshes with other processes sharing `storage` (an app and its extension).
    /// `nil` (the default): a lock file next to a `FileSessionStorage`'s files, and none for
    /// other storages — for a Keychain access group, pass a `FileRefreshLock` in the shared
    /// app-group container. Use one client per storage key within a process.
    public var refreshLock: (any RefreshLock)?
    /// A request that has not finished after this long fails with `.timedOut` (login spec: 30 s).
    public var requestTimeout: TimeSpan = .seconds(30)
    /// Refresh when the access token expires within this long.
    public var refreshLeeway: TimeSpan = .seconds(60)
    /// Refresh in the background before expiry, checking this often.
    public var autoRefreshToken = true
    public var autoRefreshInterval: TimeSpan = .seconds(10)
    /// After a background refresh fails in a way worth retrying (offline, 5xx, 429), wait this
    /// long, doubling with each further failure up to `refreshRetryMaximumDelay`.
    public var refreshRetryDelay: TimeSpan = .seconds(10)
    public var refreshRetryMaximumDelay: TimeSpan = .seconds(600)
    public var transport: any HTTPTransport = URLSessionTransport()
    /// The wall clock, for expiry decisions.
    public var now: @Sendable () -> Date = { Date() }
    /// How the background refresher waits out `autoRefreshInterval`: real time. Tests pass a
    /// clock they move by hand, read by `now` too, so the refresher's timing runs without waiting.
    public var sleep: @Sendable (TimeSpan) async throws -> Void = { try await $0.sleep() }

    public init(url: URL, apiKey: String? = nil, storage: any SessionStorage = PlatformSessionStorage.make()) {
        self.url = url
        self.apiKey = apiKey
        self.storage = storage
    }
}
