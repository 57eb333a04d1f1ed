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
import Hummingbird

/// `/_dev/mail`: the development mailbox, a page listing what was "sent" (links clickable) and a
/// JSON API (`GET /_dev/mail/api/messages?to=`, `GET /_dev/mail/api/messages/{id}`,
/// `DELETE /_dev/mail/api/messages`). Mounted only in development with the dev-mailbox transport.
struct DevMailboxPage {
    let web: WebContext

    struct MessageList: Encodable {
        var messages: [DevMailboxMessage]
    }

    func listMessages(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let recipient = request.uri.queryParameters.get("to")
        let limit = min(500, max(1, request.uri.queryParameters.get("limit", as: Int.self) ?? 50))
        let messages = try await web.service.mail.devMessages(to: recipient, limit: limit)
        return try JSONBody.response(MessageList(messages: messages))
    }

    func showMessage(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard let message = try await web.service.mail.devMessage(id: id) else {
            throw AuthError(.notFound, status: .notFound, "No such message")
        }
        return try JSONBody.response(message)
    }

    func deleteMessages(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        try await web.service.mail.clearDevMailbox()
        return Response(status: .noContent)
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        let service = web.service
        let recipient = request.uri.queryParameters.get("to").flatMap { $0.isEmpty ? nil : $0.trimmingCharacters(in: .whitespaces) }
        let messages = try await service.mail.devMessages(to: recipient, limit: 50)
        let items: [[String: Any]] = messages.map { message in
            [
                "id": message.id, "to": message.to, "subject": message.subject, "createdAt": message.createdAt,
                "parts": Self.parts(of: message.text),
            ]
        }
        return .page(
            WebPage(
                template: "dev_mailbox", title: "Dev mailbox",
                values: [
                    "messages": items, "empty": messages.isEmpty, "to": recipient ?? "", "backLabel": "← Home",
                ], wide: true))
    }

    /// The message text cut into plain runs and `http(s)://` links, so the page can make the
    /// links clickable while Mustache still escapes everything.
    static func parts(of text: String) -> [[String: Any]] {
        var parts: [[String: Any]] = []
        var rest = Substring(text)
        while let start = [rest.range(of: "https://"), rest.range(of: "http://")].compactMap({ $0 }).min(by: {
            $0.lowerBound < $1.lowerBound
        }) {
            if start.lowerBound > rest.startIndex {
                parts.append(["text": String(rest[..<start.lowerBound]), "url": false])
            }
            var end = rest[start.lowerBound...].firstIndex(where: { $0.isWhitespace || "<>\"'".contains($0) }) ?? rest.endIndex
            while end > start.upperBound, ".,;:)]".contains(rest[rest.index(before: end)]) { end = rest.index(before: end) }
            parts.append(["url": String(rest[start.lowerBound..<end])])
            rest = rest[end...]
        }
        if !rest.isEmpty { parts.append(["text": String(rest), "url": false]) }
        return parts
    }
}
