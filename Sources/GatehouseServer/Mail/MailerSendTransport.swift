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

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// MailerSend's email API (`POST /v1/email`, Bearer API token, 202 Accepted), through
/// async-http-client. 429 and 5xx are worth retrying; other 4xx (bad token, invalid request)
/// never will be.
struct MailerSendTransport: MailTransport {
    let name = "mailersend"
    let apiKey: String
    let url: String
    let client: HTTPClient
    let timeout: TimeAmount

    init(apiKey: String, url: String, client: HTTPClient = .shared, timeout: TimeAmount = .seconds(30)) {
        self.apiKey = apiKey
        self.url = url
        self.client = client
        self.timeout = timeout
    }

    /// The request body, as MailerSend documents it.
    struct Body: Encodable {
        struct Recipient: Encodable {
            var email: String
            var name: String?
        }
        var from: Recipient
        var to: [Recipient]
        var subject: String
        var text: String
        var html: String?
    }

    func send(_ message: MailMessage) async throws(MailDeliveryError) {
        let body = Body(
            from: .init(email: message.from.address, name: message.from.name),
            to: [.init(email: message.to.address, name: message.to.name)],
            subject: message.subject, text: message.text, html: message.html
        )
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(apiKey)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "X-Requested-With", value: "XMLHttpRequest")
        let response: HTTPClientResponse
        let responseText: String
        do {
            request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(body)))
            response = try await client.execute(request, timeout: timeout)
            let collected = try await response.body.collect(upTo: 64 * 1024)
            responseText = String(buffer: collected)
        } catch {
            throw MailDeliveryError(transient: true, "mailersend: request failed (\(String(describing: type(of: error))))")
        }
        let status = response.status.code
        guard !(200..<300).contains(status) else { return }
        let detail = "mailersend: HTTP \(status) \(responseText.prefix(200))"
        throw MailDeliveryError(transient: status == 429 || status >= 500 || status == 408, detail)
    }
}
