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

extension Routes {
    /// `GET /admin/mail`'s dead jobs show their last error as the console does: anything shaped
    /// like a link or a token that a relay quoted back is replaced before it leaves the server.
    @Suite("GET /admin/mail: dead jobs' errors redacted")
    struct AdminMailRedaction {
        static let quotedError =
            "550 rejected: https://app.example.com/auth/v1/verify?token=pkce_4f1c2a9b8e7d6c5b4a3f2e1d0c9b8a7f&type=recovery token 9f8e7d6c5b4a39281716151413121110"

        @Test("the link and the token-shaped run are replaced; the rest of the relay's answer stays", arguments: Backend.all)
        func deadJobErrorsAreRedacted(backend: Backend) async throws {
            try await TestServer.withDatabase(backend) { database in
                try await TestServer.run(on: database) { _ in }  // migrates the scratch database
                _ = try await ConsoleMailPageTests.seedDeadJobs(database, count: 1, error: Self.quotedError)
                try await TestServer.run(on: database) { api in
                    let status = try await api.send(.get, "/admin/mail", bearer: api.serviceRoleToken)
                    #expect(status.status == .ok, "\(status)")
                    let error = try #require(status["dead_jobs"]?.arrayValue?.first?["last_error"]?.stringValue, "\(status)")
                    #expect(error == "550 rejected: [link] token [redacted]", "\(error)")
                    #expect(
                        !status.text.contains("4f1c2a9b8e7d6c5b4a3f2e1d0c9b8a7f")
                            && !status.text.contains("9f8e7d6c5b4a39281716151413121110"))
                }
            }
        }
    }
}
