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

/// An admin's change of password, e-mail or a ban ends the user's sessions
/// (access and refresh tokens alike).
@Suite("Admin changes end the user's sessions")
struct AdminChangeSessionsTests {
    @Test("password, e-mail or ban set by an admin: every session ends", arguments: Backend.all)
    func sessionsEnd(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let changes: [[String: Any]] = [
                ["password": TestServer.otherPassword], ["email": TestServer.uniqueEmail("renamed")], ["ban_duration": "1h"],
            ]
            for change in changes {
                let session = try await api.signedInUser()
                let reply = try await api.send(.put, "/admin/users/\(session.userId)", json: change, bearer: api.serviceRoleToken)
                #expect(reply.status == .ok, "\(change): \(reply)")
                let refreshed = try await api.refresh(session.refreshToken)
                #expect(refreshed.status != .ok, "\(change): the refresh token still works")
                #expect(try await api.user(session.accessToken).status == .forbidden, "\(change)")
            }
            // Metadata alone ends nothing.
            let kept = try await api.signedInUser()
            let metadata = try await api.send(
                .put, "/admin/users/\(kept.userId)", json: ["user_metadata": ["a": 1]], bearer: api.serviceRoleToken)
            #expect(metadata.status == .ok)
            #expect(try await api.refresh(kept.refreshToken).status == .ok)
        }
    }
}
