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

extension MailService {
    /// For the outbox worker: mints the nonce when the email is sent (jobs carry no secret).
    func issueReauthenticationNonce(userId: UUID) async throws -> (email: String, context: EmailTemplates.Context)? {
        let now = clock.now()
        let issued = tokenHasher.mint(lifetime: configuration.otpExpiry, now: now, random: random)
        let hash = tokenHasher.codeHash(issued.code, tokenId: userId)
        let user = try await store.perform(.transaction) { database -> UserRecord? in
            guard let user = try await database.users.find(id: userId) else { return nil }
            try await database.reauthenticationNonces.store(userId: userId, nonceHash: hash, expiresAt: issued.expiresAt, now: now)
            return user
        }
        guard let user else { return nil }
        let context = EmailTemplates.Context(
            productName: configuration.mail.productName, email: user.email, link: nil, code: issued.code,
            expiry: UserFacingText.duration(seconds: configuration.otpExpiry)
        )
        return (user.email, context)
    }
}
