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

/// What a GET (or HEAD) of an emailed link may do without spending it: mail scanners follow
/// links, and a link spent by a scanner is lost to its owner (or, with `redirect_to`, lands the
/// owner's session in the scanner). So opening a link only looks at it; the page it shows has
/// one button, and only the POST that button makes spends the token (`verifyLink`).
enum LinkPreview: Sendable {
    /// The link can be used: show the button. `target` is where the POST will send the browser;
    /// `purpose` tells the page which email it came from (the two sides of an email change ask
    /// different things).
    case usable(target: String, purpose: TokenPurpose)
    /// Unknown, spent or expired: the browser goes straight to the error, at `target`.
    case invalid(target: String)
    /// A sign-up confirmation already spent, whose address is confirmed: opening it again is
    /// no error to the person who did (GoTrue's error still reaches an app, at `target`).
    case alreadyConfirmed(target: String)
}

extension RecoveryService {
    func previewLink(token: String?, type rawType: String?, redirectTo requested: String?) async throws(AuthError) -> LinkPreview {
        guard let token, !token.isEmpty else { throw .validation("Verify requires a token or a token hash") }
        let type = try VerificationType(rawType)
        let linkHash = tokenHasher.linkHash(token)
        let now = clock.now()
        let record = try await store.run { try await $0.oneTimeTokens.findUsable(linkHash: linkHash, now: now) }
        guard let record, type.purposes.contains(record.purpose) else {
            if let spent = try await spentConfirmation(linkHash: linkHash, type: type) {
                return .alreadyConfirmed(target: redirectPolicy.resolve(spent.redirectTo ?? requested).url)
            }
            return .invalid(target: redirectPolicy.resolve(requested).url)
        }
        return .usable(target: redirectPolicy.resolve(record.redirectTo ?? requested).url, purpose: record.purpose)
    }

    /// The spent sign-up confirmation of an account whose address is now confirmed (spent tokens
    /// are kept a day, `Retention`). Only the link's own holder can ask: its token is the key.
    private func spentConfirmation(linkHash: String, type: VerificationType) async throws(AuthError) -> OneTimeTokenRecord? {
        guard type.purposes.contains(.signup) else { return nil }
        return try await store.run { database -> OneTimeTokenRecord? in
            guard let token = try await database.oneTimeTokens.find(linkHash: linkHash), token.purpose == .signup,
                token.consumedAt != nil, let user = try await database.users.find(id: token.userId), user.isConfirmed
            else { return nil }
            return token
        }
    }
}
