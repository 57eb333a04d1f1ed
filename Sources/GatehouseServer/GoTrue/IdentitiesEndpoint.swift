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
import HTTPTypes
import Hummingbird

/// The signed-in user's provider identities, as GoTrue has them:
///
/// - `GET /user/identities/authorize?provider=…` starts the web redirect flow for the caller's
///   account (the same query as `/authorize`): a 302 to the provider, or with
///   `skip_http_redirect=true` (supabase-js's `linkIdentity`) 200 `{"url": …}`. Either answer sets
///   the browser's binding cookie, which the callback requires: the provider must be visited in
///   the browser that asked. With `GATEHOUSE_EXTERNAL_LINKING=never`, 404 `manual_linking_disabled`.
/// - `DELETE /user/identities/{identity_id}`: 200 `{}`; never the account's last way in
///   (422 `single_identity_not_deletable`), 422 `identity_not_found` for one it does not have.
struct IdentitiesEndpoint {
    let service: GatehouseServices
    let flows: OAuthFlows
    let cookie: OAuthBrowserCookie

    init(service: GatehouseServices) {
        self.service = service
        flows = OAuthFlows(service.environment, federation: service.federation)
        cookie = OAuthBrowserCookie(externalURL: service.configuration.externalURL)
    }

    func authorize(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        guard service.configuration.external.linking != .never else {
            throw AuthError(.manualLinkingDisabled, kind: .notFound)
        }
        let start = try AuthorizeEndpoint.start(request, target: .link(context.caller.user.id))
        let started = try await flows.start(start, browser: cookie.binding(in: request))
        guard request.uri.queryParameters.get("skip_http_redirect") == "true" else { return cookie.redirect(to: started) }
        var response = try JSONBody.response(["url": started.authorizationURL])
        response.setCookie(cookie.cookie(started.browserBinding))
        return response
    }

    func delete(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        guard let id = context.parameters.get("identity_id").flatMap(UUID.init(parsing:)) else {
            throw AuthError(.validationFailed, kind: .notFound, "identity_id must be an UUID")
        }
        let outcome: Result<UserRecord, AuthError>
        do throws(AuthError) {
            outcome = .success(try await service.federation.unlink(identityId: id, from: context.caller.user.id))
        } catch {
            outcome = .failure(error)
        }
        if case .failure(var error) = outcome {
            // GoTrue answers an identity the user does not have with 422, not 404.
            if error.code == .identityNotFound { error.kind = .refused }
            throw error
        }
        return try JSONBody.response([String: String]())
    }
}
