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
import HTTPTypes
import Hummingbird

/// `GET /verify` (the email link: a page with one button, which spends nothing, as mail
/// scanners open links), `HEAD /verify` (never spends), and `POST /verify`: from that page's
/// form (spends the link and redirects, 303, into the app as GoTrue's GET does), or the API's
/// JSON (token hash or email + code → session).
struct VerifyEndpoint {
    let service: GatehouseServices
    let page: VerifyLinkPage
    /// Links that name this server's own pages (`WebLinkLanding`).
    let landing: WebLinkLanding

    init(service: GatehouseServices) {
        self.service = service
        self.page = VerifyLinkPage(configuration: service.configuration)
        self.landing = WebLinkLanding(service: service)
    }

    static let formLimit = 64 * 1024

    func showLink(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let (token, rawType, redirectTo) = (query.get("token"), query.get("type"), query.get("redirect_to"))
        switch try await service.recovery.previewLink(token: token, type: rawType, redirectTo: redirectTo) {
        case .invalid(let target):
            return Self.redirect(to: landing.errorLocation(target, .invalid))
        case .alreadyConfirmed(let target):
            return Self.redirect(to: landing.errorLocation(target, .alreadyConfirmed))
        case .usable(let target, let purpose):
            if let reset = landing.resetPage(token: token ?? "", purpose: purpose, target: target) { return Self.redirect(to: reset) }
            return page.response(
                token: token ?? "", type: try VerificationType(rawType), purpose: purpose, redirectTo: redirectTo, target: target)
        }
    }

    /// `HEAD /verify` answers without looking at the link, so a scanner's HEAD spends nothing.
    func probe(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.cacheControl: "no-store", .referrerPolicy: "no-referrer"])
    }

    func verify(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let client = context.client
        if Self.isForm(request) {
            let form = try await Self.readForm(request)
            if form["type"]?.lowercased() == VerificationType.emailChange.rawValue {
                return try await verifyEmailChangeLink(form, request: request, client: client)
            }
            let outcome = try await service.recovery.verifyLink(
                token: form["token"], type: form["type"], redirectTo: form["redirect_to"], client: client
            )
            return landing.answer(outcome, request: request) ?? Self.redirect(to: GoTrueLinkRedirect.location(for: outcome))
        }
        let body = try await JSONBody.decode(VerifyRequest.self, from: request, context: context)
        let type = try VerificationType(body.type)
        if type == .emailChange { return try await verifyEmailChange(body, client: client) }
        if let tokenHash = body.tokenHash, !tokenHash.isEmpty {
            guard body.email == nil, body.token == nil else {
                throw AuthError.validation("Only the token_hash and type should be provided")
            }
            return JSONBody.response(SessionPayload(try await service.recovery.verify(tokenHash: tokenHash, type: type, client: client)))
        }
        guard let email = body.email, let code = body.token, !code.isEmpty else {
            throw AuthError.validation("Verify requires either a token_hash, or an email and a token")
        }
        return JSONBody.response(SessionPayload(try await service.recovery.verify(email: email, code: code, type: type, client: client)))
    }

    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .referrerPolicy: "no-referrer", .cacheControl: "no-store"])
    }

    /// The link page's button posts a plain HTML form; the API's clients always send JSON.
    static func isForm(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
    }

    static func readForm(_ request: Request) async throws -> [String: String] {
        guard let buffer = try? await request.body.collect(upTo: formLimit),
            let fields = try? URLEncodedFormDecoder().decode([String: String].self, from: String(buffer: buffer))
        else { throw AuthError.validation("Verify requires a token or a token hash") }
        return fields
    }
}
