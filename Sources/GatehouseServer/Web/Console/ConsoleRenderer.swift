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
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// Renders console pages: the page's body inside the console's layout (skip link, header with
/// the navigation and the sign-out button, `<main>`), with the console's stylesheet. No script,
/// no inline style: the pages' Content-Security-Policy holds (`PageSecurityHeadersMiddleware`).
struct ConsoleRenderer: Sendable {
    private let library: MustacheLibrary
    let product: String

    init(product: String) {
        var library = MustacheLibrary()
        for (name, bytes) in ConsoleResources.templates {
            do {
                try library.register(TemplateEscaping.source(String(decoding: bytes, as: UTF8.self)), named: name)
            } catch {
                // Compiled into the binary: a template that does not parse is a build defect.
                preconditionFailure("console template \(name) does not parse: \(error)")
            }
        }
        self.library = library
        self.product = product
    }

    /// Renders a console template on its own (for a page that builds its body in parts).
    func render(_ template: String, _ values: [String: Any]) -> String {
        library.render(values, withTemplate: template) ?? ""
    }

    /// The whole HTML document of `page`; `operator` nil for the sign-in steps (no navigation).
    func html(_ page: ConsolePage, csrfToken: String, operator console: ConsoleOperator?) -> String {
        let content: String
        switch page.body {
        case .template(let name, var values):
            values["csrf"] = csrfToken
            content = render(name, values)
        case .html(let html):
            content = html
        }
        var layout: [String: Any] = [
            "title": page.title, "product": product, "content": content, "csrf": csrfToken, "wide": page.wide,
            "cssURL": PageRenderer.assetURL("console.css"), "logoURL": PageRenderer.assetURL("logo.svg"),
        ]
        if let console {
            layout["operator"] = ["email": console.email]
            layout["nav"] = ConsoleSection.allCases.map { section -> [String: Any] in
                ["label": section.label, "path": section.path, "current": section == page.section]
            }
        }
        return render("console_layout", layout)
    }

    /// The HTTP answer for `outcome`, with the exchange's cookies.
    func response(_ outcome: ConsoleOutcome, exchange: WebExchange, operator console: ConsoleOperator? = nil) -> Response {
        var response: Response
        switch outcome {
        case .page(let page):
            let headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
            let body = html(page, csrfToken: exchange.csrfToken, operator: console)
            response = Response(status: page.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        case .redirect(let location):
            response = Response(status: .seeOther, headers: [.location: location])
        }
        for cookie in exchange.cookies { response.setCookie(cookie) }
        return response
    }

    // MARK: The shell's own pages

    func serverErrorPage() -> ConsolePage {
        ConsolePage(
            title: "Server error", section: nil, template: "console_message",
            values: [
                "message": "Something went wrong on the server. Try again in a moment.", "link": "/admin",
                "linkLabel": "Back to the console",
            ],
            status: .internalServerError)
    }

    /// A console form posted without a genuine CSRF token (a forged post, or a page left open
    /// across a sign-in): refused, nothing done.
    func formExpiredPage(back: String) -> ConsolePage {
        let target = back.hasPrefix("/admin") && !back.hasPrefix("//") ? back : "/admin"
        return ConsolePage(
            title: "Form expired", section: nil, template: "console_message",
            values: [
                "message": "This form has expired or did not come from this console. Nothing was changed. Open the page again and retry.",
                "link": target, "linkLabel": "Open the page again",
            ], status: .forbidden)
    }

    /// A signed-in account that is not an operator.
    func forbiddenPage() -> ConsolePage {
        ConsolePage(
            title: "Not an operator", section: nil, template: "console_message",
            values: [
                "message": "This account may not use the admin console. Ask an operator to run `gatehouse users promote` for it.",
                "link": "/admin/login", "linkLabel": "Sign in with another account",
            ], status: .forbidden)
    }
}
