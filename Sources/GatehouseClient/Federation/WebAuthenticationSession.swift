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

/// A browser the person trusts, opened on a provider's sign-in page until the flow comes back to
/// the app. `PlatformWebAuthenticationSession` is `ASWebAuthenticationSession`; tests pass a
/// fake that answers a callback URL.
public protocol WebAuthenticationSession: Sendable {
    /// Opens `url` and answers the URL the flow ended on, whose scheme is `callbackScheme`.
    func authenticate(url: URL, callbackScheme: String) async throws -> URL
}

public enum WebAuthenticationError: Error, Sendable, Equatable {
    /// The person closed the browser: not an error to show.
    case cancelled
    /// The browser could not be shown, or ended without a callback.
    case failed(String)
}
