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

extension AuthClient {
    /// Whether `url` points at a place this client takes links from (`redirectURL` or
    /// `allowedLinks`): what an app's `onOpenURL` should check before handing a URL over.
    public func acceptsLink(_ url: URL) -> Bool {
        linkPolicy.place(of: url) != nil
    }

    /// After a `LinkSessionConflict`, the app chose the link's user: the signed-in session is
    /// revoked on this device (best-effort) and the link's session becomes the current one.
    @discardableResult
    public func adoptPendingLinkSession() async throws -> Session {
        guard let pending = await sessions.takePending() else { throw AuthClientError.sessionMissing }
        if let previous = await sessions.storedSession() {
            try? await api.logout(accessToken: previous.accessToken, scope: .local)
            try await sessions.clear()
            events.emit(.signedOut, nil)
        }
        return adopted(
            await sessions.adopt(pending.session, remember: pending.remember, recovery: pending.recovery), recovery: pending.recovery)
    }

    /// After a `LinkSessionConflict`, the app kept the signed-in user: the link's session is
    /// revoked (best-effort) and forgotten.
    public func discardPendingLinkSession() async {
        guard let pending = await sessions.takePending() else { return }
        try? await api.logout(accessToken: pending.session.accessToken, scope: .local)
    }
}
