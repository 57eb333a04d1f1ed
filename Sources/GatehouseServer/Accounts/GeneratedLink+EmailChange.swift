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

extension EmailChangeSide {
    /// The side a `generate_link` type names: `email_change_current` or `email_change_new`.
    init?(generateLinkType type: String?) {
        switch type {
        case TokenPurpose.emailChangeCurrent.rawValue: self = .current
        case TokenPurpose.emailChangeNew.rawValue: self = .new
        default: return nil
        }
    }
}

extension AccountService {
    /// `POST /admin/generate_link` for every type GoTrue has: the two sides of an email change
    /// (`generateEmailChangeLink`), else the link types of `generateLink`. Sends nothing.
    func generateAnyLink(_ request: GenerateLinkRequest, queryRedirect: String?) async throws(AuthError) -> GeneratedLink {
        if let side = EmailChangeSide(generateLinkType: request.type) {
            let redirect = request.allowedRedirect(query: queryRedirect, policy: redirectPolicy)
            return try await generateEmailChangeLink(side, email: request.email, newEmail: request.newEmail, redirectTo: redirect)
        }
        return try await generateLink(request, queryRedirect: queryRedirect)
    }
}
