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
import Testing

@testable import GatehouseServer

/// Reading the email-change emails out of the dev mailbox.
enum EmailChangeMail {
    static let newSubject = "Confirm your new Gatehouse email address"
    static let currentSubject = "Confirm the change of your Gatehouse email address"

    /// The newest message to `address` whose subject is `subject` (bounded wait: the outbox
    /// worker delivers in the background).
    static func message(_ api: API, to address: String, subject: String) async throws -> JSONValue {
        for _ in 0..<200 {
            let reply = try await api.atRoot.send(.get, "/_dev/mail/api/messages?to=\(address)")
            if let found = reply["messages"]?.arrayValue?.first(where: { $0["subject"]?.stringValue == subject }) { return found }
            // Polled: the outbox worker delivers in the background and announces nothing to await.
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no \"\(subject)\" to \(address) within 10 s")
        throw CancellationError()
    }

    /// The code and the link token of that message.
    static func secrets(_ api: API, to address: String, subject: String) async throws -> (code: String, token: String, text: String) {
        let text = try #require(try await message(api, to: address, subject: subject)["text"]?.stringValue)
        let link = try DevMail.link(in: text)
        #expect(link.contains("type=email_change"), "\(link)")
        return (try RouteMail.code(in: text), try RouteMail.token(in: link), text)
    }
}
