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
import NIOCore
import Testing

@testable import GatehouseServer

extension Routes {
    /// The other ways to ask for a reset email, all on `/recover`'s enumeration-safe path:
    /// spec 004's REST API (`POST /api/request_password_reset`, and the legacy
    /// `POST /api/reset_password` in its old shape) and spec 003's Edge Function
    /// (`POST /functions/v1/send-reset-email`).
    @Suite("POST /api/request_password_reset, /api/reset_password and /functions/v1/send-reset-email")
    struct ResetRequestAPIs {
        static func post(_ api: API, _ path: String, _ json: [String: Any]) async throws -> Reply {
            try await api.atRoot.send(.post, path, json: json)
        }

        @Test(
            "the REST API: the same success envelope for registered and unknown addresses; only the registered one gets mail",
            arguments: Backend.all)
        func requestPasswordReset(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                let registered = TestServer.uniqueEmail("rest")
                let unknown = TestServer.uniqueEmail("nobody")
                try await api.createUser(registered)
                for email in [unknown, registered] {
                    let reply = try await Self.post(api, "/api/request_password_reset", ["email": " \(email) "])
                    #expect(reply.status == .ok, "\(reply)")
                    #expect(reply["success"] == .bool(true), "\(reply)")
                    let data = try #require(reply["data"], "\(reply)")
                    #expect(data["success"] == .bool(true) && data["reset_link_sent"] == .bool(true), "\(reply)")
                    #expect(data["reset_method"]?.stringValue == "email_link")
                    #expect(data["link_expires_in"]?.intValue == 3600)
                    #expect(data["message"]?.stringValue == "If an account exists for \(email), a reset link is on its way", "\(reply)")
                }
                #expect(try await DevMail.link(api, to: registered).contains("/reset-password?token="))
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: unknown).isEmpty)
            }
        }

        @Test("the legacy route keeps its old shape, with the same user_exist_status for every address", arguments: Backend.all)
        func legacyResetPassword(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                let registered = TestServer.uniqueEmail("legacy")
                let unknown = TestServer.uniqueEmail("nobody")
                try await api.createUser(registered)
                for email in [unknown, registered] {
                    let reply = try await Self.post(api, "/api/reset_password", ["email": email])
                    #expect(reply.status == .ok, "\(reply)")
                    #expect(reply["success"] == .bool(true), "\(reply)")
                    #expect(reply["data"]?["user_exist_status"] == .bool(true), "\(reply)")
                    #expect(reply["data"]?["message"]?.stringValue == "If an account exists for \(email), a reset link is on its way")
                    #expect(reply["data"]?["password"] == nil && reply["data"]?["new_password"] == nil)
                }
                // A link, never a new password by email.
                let text = try await DevMail.newestText(api, to: registered)
                #expect(text.contains("/reset-password?token="), "\(text)")
            }
        }

        @Test("REST and legacy failures: {success: false, error, message} with the status", arguments: Backend.all)
        func restFailures(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.emailSendWindow = 60 }) { api in
                for path in ["/api/request_password_reset", "/api/reset_password"] {
                    let missing = try await Self.post(api, path, [:])
                    #expect(missing.status == .badRequest, "\(path): \(missing)")
                    #expect(missing["success"] == .bool(false) && missing["data"] == nil, "\(path): \(missing)")
                    #expect(
                        missing["error"]?.stringValue == "validation_failed" && missing.message == "Please enter your email address",
                        "\(path): \(missing)")
                    let invalid = try await Self.post(api, path, ["email": "not-an-address"])
                    #expect(invalid.status == .badRequest, "\(path): \(invalid)")
                    #expect(invalid.message == "Unable to validate email address: invalid format", "\(path): \(invalid)")

                    let email = TestServer.uniqueEmail("window")
                    #expect(try await Self.post(api, path, ["email": email]).status == .ok)
                    let again = try await Self.post(api, path, ["email": email])
                    #expect(again.status == .tooManyRequests, "\(path): \(again)")
                    #expect(
                        again["success"] == .bool(false) && again["error"]?.stringValue == "over_email_send_rate_limit", "\(path): \(again)"
                    )
                    #expect(again.header("Retry-After").flatMap { Int($0) }.map { (1...60).contains($0) } == true, "\(again.headers)")
                }
            }
        }

        @Test("the Edge Function: {success: true, message} for every address, {success: false, error} with a 4xx", arguments: Backend.all)
        func edgeFunction(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.emailSendWindow = 60 }) { api in
                let registered = TestServer.uniqueEmail("edge")
                let unknown = TestServer.uniqueEmail("nobody")
                try await api.createUser(registered)
                for email in [unknown, registered] {
                    let reply = try await Self.post(api, "/functions/v1/send-reset-email", ["email": email])
                    #expect(reply.status == .ok, "\(reply)")
                    #expect(reply.json == .object(["success": .bool(true), "message": .string("Password reset email sent")]), "\(reply)")
                }
                #expect(try await DevMail.link(api, to: registered).contains("/reset-password?token="))
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: unknown).isEmpty)

                let failures: [([String: Any], HTTPResponse.Status, String)] = [
                    ([:], .badRequest, "Email is required"),
                    (["email": "not-an-address"], .badRequest, "Unable to validate email address: invalid format"),
                    (["email": registered], .tooManyRequests, "For security purposes, you can only request this after"),
                ]
                for (body, status, error) in failures {
                    let reply = try await Self.post(api, "/functions/v1/send-reset-email", body)
                    #expect(reply.status == status, "\(body): \(reply)")
                    #expect(reply["success"] == .bool(false), "\(reply)")
                    #expect(reply["error"]?.stringValue?.hasPrefix(error) == true, "\(body): \(reply)")
                }
                let broken = try await api.atRoot.send(.post, "/functions/v1/send-reset-email", raw: ByteBuffer(string: "{"))
                #expect(broken.status == .badRequest && broken["success"] == .bool(false), "\(broken)")
            }
        }
    }
}
