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
import Hummingbird

/// `POST /admin/generate_link`: the link and code an email would carry, returned to the admin
/// instead of sent. The answer is GoTrue's: the user's fields at the top level, plus
/// `action_link`, `email_otp`, `hashed_token`, `verification_type` and `redirect_to`.
struct GenerateLinkEndpoint {
    let service: GatehouseServices

    func generate(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(GenerateLinkRequest.self, from: request, context: context)
        let link = try await service.accounts.generateAnyLink(body, queryRedirect: request.redirectTo)
        return try JSONBody.response(GeneratedLinkPayload(link))
    }
}

/// The user object with the link's five fields beside its own.
struct GeneratedLinkPayload: Encodable {
    let user: UserPayload
    let actionLink: String
    let emailOTP: String
    let hashedToken: String
    let verificationType: String
    let redirectTo: String

    init(_ link: GeneratedLink) {
        user = link.user.payload
        actionLink = link.actionLink
        emailOTP = link.emailOTP
        hashedToken = link.hashedToken
        verificationType = link.verificationType
        redirectTo = link.redirectTo
    }

    enum CodingKeys: String, CodingKey {
        case actionLink = "action_link"
        case emailOTP = "email_otp"
        case hashedToken = "hashed_token"
        case verificationType = "verification_type"
        case redirectTo = "redirect_to"
    }

    func encode(to encoder: any Encoder) throws {
        // Both write into the same JSON object: the user's keys, then these.
        try user.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(actionLink, forKey: .actionLink)
        try container.encode(emailOTP, forKey: .emailOTP)
        try container.encode(hashedToken, forKey: .hashedToken)
        try container.encode(verificationType, forKey: .verificationType)
        try container.encode(redirectTo, forKey: .redirectTo)
    }
}
