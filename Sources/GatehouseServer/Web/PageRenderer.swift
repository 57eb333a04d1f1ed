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
import Mustache
import NIOCore

/// One rendered page: a template from `Resources/templates`, its values and the HTTP status.
struct WebPage {
    var template: String
    var title: String
    var values: [String: Any] = [:]
    var status: HTTPResponse.Status = .ok
    /// The wider card (the dev mailbox).
    var wide = false
    /// Where the page's forms may lead besides this server (CSP `form-action`, which browsers
    /// also apply to the redirect that answers a form post).
    var formActions: [String] = []
}

/// What a page handler answers: a page, or a redirect (303 for a plain form post; for the
/// pages' script, a JSON `{"redirect": path}` it follows itself).
enum WebOutcome {
    case page(WebPage)
    case redirect(String)
}

/// Renders the server's own HTML pages: Mustache templates inside one layout. The security
/// headers every page answer carries come from `PageSecurityHeadersMiddleware`; the renderer
/// sets only a page's own CSP, when its forms may lead elsewhere.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    let product: String
    /// The texts and rules the pages' script needs, rendered into `data-*` attributes of the card.
    private let clientTexts: [String: String]

    init(product: String, passwordPolicy: PasswordPolicy) {
        var library = MustacheLibrary()
        for (name, bytes) in WebResources.templates {
            do {
                try library.register(TemplateEscaping.source(String(decoding: bytes, as: UTF8.self)), named: name)
            } catch {
                // The templates are compiled into the binary: one that does not parse is a build defect.
                preconditionFailure("web template \(name) does not parse: \(error)")
            }
        }
        self.library = library
        self.product = product
        let minimum = passwordPolicy.minimumLength
        self.clientTexts = [
            "invalidEmail": UserFacingText.invalidEmail,
            "emailRequired": UserFacingText.emailRequired,
            "passwordRequired": UserFacingText.passwordRequired,
            "passwordShort": UserFacingText.passwordTooShort(minimum: minimum),
            "passwordLong": UserFacingText.passwordTooLong,
            "mismatch": UserFacingText.passwordsDoNotMatch,
            "confirmRequired": UserFacingText.confirmationRequired,
            "bothRequired": UserFacingText.emailAndPasswordRequired,
            "network": UserFacingText.networkError,
            "server": UserFacingText.serverError,
            "timeout": UserFacingText.connectionTimedOut,
            "retry": UserFacingText.Login.retry,
            "dismiss": UserFacingText.Login.dismiss,
            "linkInvalid": UserFacingText.resetLinkInvalid,
            "resendNow": UserFacingText.resendAvailableNow,
            "countdown": UserFacingText.ForgotPassword.sendAnother(secondsLeft: 424_242).replacingOccurrences(of: "424242", with: "{s}"),
            "minLength": String(minimum),
            "maxBytes": String(PasswordPolicy.maximumBytes),
            "emailMax": String(EmailAddress.maximumLength),
        ]
    }

    /// The whole HTML document of `page`.
    func html(_ page: WebPage, csrfToken: String) -> String {
        var values = page.values
        values["title"] = page.title
        values["product"] = product
        values["csrf"] = csrfToken
        values["logoURL"] = Self.assetURL("logo.svg")
        values["dismissLabel"] = UserFacingText.Login.dismiss
        values["sendingLabel"] = UserFacingText.ForgotPassword.sending
        values["resendConfirmationLabel"] = UserFacingText.resendConfirmation
        let content = library.render(values, withTemplate: page.template) ?? ""
        let layout: [String: Any] = [
            "title": page.title, "product": product, "content": content, "page": page.template, "wide": page.wide,
            "cssURL": Self.assetURL("gatehouse.css"), "jsURL": Self.assetURL("gatehouse.js"),
            "passkeysJSURL": Self.assetURL("passkeys.js"),
            "logoURL": Self.assetURL("logo.svg"), "texts": clientTexts,
            "rememberEmail": page.values["rememberEmail"] ?? false,
        ]
        return library.render(layout, withTemplate: "layout") ?? content
    }

    /// The HTTP answer for `outcome`, with the exchange's cookies.
    func response(_ outcome: WebOutcome, exchange: WebExchange) -> Response {
        var response: Response
        switch outcome {
        case .page(let page):
            var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
            if !page.formActions.isEmpty {
                headers[.contentSecurityPolicy] = PageSecurityHeadersMiddleware.contentSecurityPolicy(formActions: page.formActions)
            }
            response = Response(
                status: page.status, headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: html(page, csrfToken: exchange.csrfToken))))
        case .redirect(let location) where exchange.isFetch:
            let headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
            let body = (try? JSONEncoder().encode(["redirect": location])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            response = Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        case .redirect(let location):
            let headers: HTTPFields = [.location: location]
            response = Response(status: .seeOther, headers: headers)
        }
        for cookie in exchange.cookies { response.setCookie(cookie) }
        return response
    }

    static func assetURL(_ name: String) -> String {
        WebResources.assets[name]?.url ?? "/assets/\(name)"
    }
}

/// `/assets/…`: the stylesheet, script and images, from memory, cacheable (their URLs carry a
/// content hash, so a new build never meets a stale copy).
struct AssetsEndpoint {
    func serve(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let name = try context.parameters.require("name")
        // GoTrue's JSON 404, as for any unknown path (schemathesis: it was an empty body without a type).
        guard let asset = WebResources.assets[name] else { throw AuthError(.notFound, kind: .notFound) }
        let etag = "\"\(asset.version)\""
        var headers: HTTPFields = [
            .contentType: asset.contentType, .eTag: etag, .contentTypeOptions: "nosniff",
            .cacheControl: request.uri.queryParameters.get("v") == asset.version
                ? "public, max-age=31536000, immutable" : "public, max-age=3600",
            .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'",
        ]
        if request.headers[.ifNoneMatch] == etag {
            headers[.contentLength] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}
