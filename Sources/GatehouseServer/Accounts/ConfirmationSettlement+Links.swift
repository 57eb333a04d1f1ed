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

extension ConfirmationSettlement {
    /// A magic link or an invitation confirms an account nobody has confirmed yet. No password
    /// set before survives (a stranger may have signed up with the address first): the owner
    /// signs in with the link and sets one. The metadata kept is what the link was minted with:
    /// for a magic link, the `data` of the `/otp` request that created the account (bound to
    /// this very token) or none; for an invitation, the admin's.
    static func settleLinkSignIn(_ user: inout UserRecord, by token: OneTimeTokenRecord, in database: UnitOfWork) async throws {
        switch token.purpose {
        case .invite:
            user.replaceSignUpChoices(passwordHash: nil, userMetadata: user.userMetadata)
        default:
            let chosen = try await database.pendingSignups.find(tokenId: token.id)
            user.replaceSignUpChoices(passwordHash: chosen?.passwordHash, userMetadata: chosen?.userMetadata ?? [:])
        }
    }
}
