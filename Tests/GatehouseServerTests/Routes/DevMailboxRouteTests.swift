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
import Testing

@testable import GatehouseServer

extension Routes {
    /// `/_dev/mail` (the page) and its JSON (`GET /_dev/mail/api/messages?to=&limit=`,
    /// `GET /_dev/mail/api/messages/{id}`, `DELETE /_dev/mail/api/messages`): what development's
    /// mail transport "sent", newest first. Mounted only in development on a loopback address.
    @Suite("/_dev/mail")
    struct DevMailbox {
        /// Two registered addresses, with two recovery emails to the first and one to the second.
        static func threeMessages(_ api: API) async throws -> (first: String, second: String) {
            let first = TestServer.uniqueEmail("mailbox-a")
            let second = TestServer.uniqueEmail("mailbox-b")
            try await api.createUser(first)
            try await api.createUser(second)
            for email in [first, second, first] {
                #expect(try await api.send(.post, "/recover", json: ["email": email]).status == .ok)
            }
            _ = try await RouteMail.newest(api, to: first, count: 2)
            _ = try await RouteMail.newest(api, to: second)
            return (first, second)
        }

        @Test("the JSON list: newest first, filtered by ?to=, bounded by ?limit=", arguments: Backend.all)
        func list(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (first, second) = try await Self.threeMessages(api)
                let all = try await api.atRoot.send(.get, "/_dev/mail/api/messages")
                #expect(all.status == .ok && all.header("Content-Type")?.hasPrefix("application/json") == true, "\(all)")
                let messages = try #require(all["messages"]?.arrayValue)
                #expect(messages.count == 3, "\(all)")
                for message in messages {
                    #expect(message.keys.isSuperset(of: ["id", "to", "from", "subject", "text", "html", "created_at"]), "\(message.keys)")
                }
                let toFirst = try await RouteMail.messages(api, to: first)
                #expect(toFirst.count == 2 && toFirst.allSatisfy { $0["to"]?.stringValue == first })
                let times = toFirst.compactMap { $0["created_at"]?.stringValue }
                #expect(times.count == 2 && times[0] >= times[1], "not newest first: \(times)")
                #expect(try await RouteMail.messages(api, to: second).count == 1)
                #expect(try await RouteMail.messages(api, to: "nobody@example.com").isEmpty)
                let limited = try await api.atRoot.send(.get, "/_dev/mail/api/messages?limit=1")
                #expect(limited["messages"]?.arrayValue?.count == 1, "\(limited)")
            }
        }

        @Test("one message by id, 404 for an unknown id; DELETE empties the mailbox (204)", arguments: Backend.all)
        func oneAndDelete(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (first, _) = try await Self.threeMessages(api)
                let newest = try await RouteMail.newest(api, to: first, count: 2)
                let id = try #require(newest["id"]?.stringValue)
                let one = try await api.atRoot.send(.get, "/_dev/mail/api/messages/\(id)")
                #expect(one.status == .ok, "\(one)")
                #expect(one["id"]?.stringValue == id && one["to"]?.stringValue == first)
                #expect(one["text"] == newest["text"] && one["subject"] == newest["subject"])
                #expect(one["text"]?.stringValue?.contains("/reset-password?token=") == true, "\(one)")
                #expect(one["html"]?.stringValue?.contains("<") == true, "\(one)")

                let missing = try await api.atRoot.send(.get, "/_dev/mail/api/messages/no-such-message")
                #expect(missing.status == .notFound, "\(missing)")

                let deleted = try await api.atRoot.send(.delete, "/_dev/mail/api/messages")
                #expect(deleted.status == .noContent, "\(deleted)")
                let after = try await api.atRoot.send(.get, "/_dev/mail/api/messages")
                #expect(after["messages"]?.arrayValue?.isEmpty == true, "\(after)")
                #expect(try await api.atRoot.send(.get, "/_dev/mail/api/messages/\(id)").status == .notFound)
            }
        }

        @Test("the page lists the messages with their links clickable, filtered by ?to=", arguments: Backend.all)
        func page(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                var browser = WebFormClient(api)
                let empty = try await browser.get("/_dev/mail")
                #expect(empty.status == .ok && empty.shows("No messages yet."), "\(empty)")

                let (first, second) = try await Self.threeMessages(api)
                let link = try await DevMail.link(api, to: second)
                let subject = try #require(try await RouteMail.newest(api, to: second)["subject"]?.stringValue)
                let page = try await browser.get("/_dev/mail")
                #expect(page.status == .ok && page.header("Content-Type")?.hasPrefix("text/html") == true, "\(page)")
                #expect(page.shows(first) && page.shows(second) && page.shows(subject), "\(page.page)")
                #expect(page.page.contains("<a href=\"\(link)\">"), "the link is not clickable: \(page.page)")
                #expect(page.shows("No messages yet.") == false)

                let filtered = try await browser.get("/_dev/mail?to=\(second)")
                #expect(filtered.shows(second) && !filtered.shows(first), "\(filtered.page)")
                #expect(filtered.page.components(separatedBy: "class=\"message\"").count == 2, "one message")
            }
        }

        @Test("not mounted in production")
        func notInProduction() async throws {
            try await Routes.run(.sqlite, configure: { $0.environment = .production }) { api in
                for path in ["/_dev/mail", "/_dev/mail/api/messages", "/_dev/mail/api/messages/any"] {
                    let reply = try await api.atRoot.send(.get, path)
                    #expect(reply.status == .notFound, "\(path): \(reply.status)")
                }
                let delete = try await api.atRoot.send(.delete, "/_dev/mail/api/messages")
                #expect(delete.status != .noContent, "\(delete)")
            }
        }

        @Test("not mounted when development is allowed on a non-loopback address")
        func notOnTheNetwork() async throws {
            try await Routes.run(
                .sqlite,
                configure: { configuration in
                    configuration.host = "0.0.0.0"
                    configuration.allowDevelopmentOnNetwork = true
                }
            ) { api in
                for path in ["/_dev/mail", "/_dev/mail/api/messages"] {
                    let reply = try await api.atRoot.send(.get, path)
                    #expect(reply.status == .notFound, "\(path): \(reply.status)")
                }
                // The rest of the server is there.
                let login = try await api.atRoot.send(.get, "/login")
                #expect(login.status == .ok)
            }
        }
    }
}
