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

/// Inputs that must be refused with a clear 4xx, never truncated, stored or allowed to crash.
@Suite("Account inputs: NUL in passwords, numeric query parameters, durations, metadata size")
struct AccountInputLimitsTests {
    static let nulPassword = "abc\u{0}defghijk"

    @Test("a NUL byte in a password: 422 on sign-up, PUT /user, admin create and update", arguments: Backend.all)
    func nulInPassword(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("nul")
            let signUp = try await api.signUp(email, Self.nulPassword)
            #expect(signUp.status == .unprocessableContent, "\(signUp)")
            #expect(signUp.errorCode == "validation_failed")
            #expect(signUp.message?.contains("NUL") == true)

            let session = try await api.signedInUser()
            let update = try await api.send(.put, "/user", json: ["password": Self.nulPassword], bearer: session.accessToken)
            #expect(update.status == .unprocessableContent, "\(update)")

            let created = try await api.send(
                .post, "/admin/users", json: ["email": TestServer.uniqueEmail("nul-admin"), "password": Self.nulPassword],
                bearer: api.serviceRoleToken
            )
            #expect(created.status == .unprocessableContent, "\(created)")
            let adminUpdate = try await api.send(
                .put, "/admin/users/\(session.userId)", json: ["password": Self.nulPassword], bearer: api.serviceRoleToken
            )
            #expect(adminUpdate.status == .unprocessableContent, "\(adminUpdate)")
        }
    }

    @Test("GET /admin/users: page and per_page are bounded integers, 400 otherwise", arguments: Backend.all)
    func numericQueryParameters(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            try await api.createUser(TestServer.uniqueEmail("listed"))
            for query in [
                "page=9223372036854775807", "page=9223372036854775807&per_page=1000", "page=-1", "page=0", "page=abc",
                "per_page=-5", "per_page=0", "per_page=x", "page=1e3", "page=99999999999999999999999",
            ] {
                let reply = try await api.send(.get, "/admin/users?\(query)", bearer: api.serviceRoleToken)
                #expect(reply.status == .badRequest, "\(query): \(reply)")
                #expect(reply.errorCode == "validation_failed", "\(query)")
            }
            // The server is still up, and sensible values work as before.
            for query in ["page=2&per_page=5000", "page=&per_page=1000"] {
                let fine = try await api.send(.get, "/admin/users?\(query)", bearer: api.serviceRoleToken)
                #expect(fine.status == .ok, "\(query): \(fine)")
            }
        }
    }

    @Test("ban_duration beyond the bound: 400, the process lives", arguments: Backend.all)
    func hugeBanDuration(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let id = try await api.createUser(TestServer.uniqueEmail("ban"))
            for duration in ["9999999999999h", "1e300h", "99999999999999999999999999s", "876001h"] {
                let reply = try await api.send(.put, "/admin/users/\(id)", json: ["ban_duration": duration], bearer: api.serviceRoleToken)
                #expect(reply.status == .badRequest, "\(duration): \(reply)")
                #expect(reply.errorCode == "validation_failed", "\(duration)")
                let created = try await api.send(
                    .post, "/admin/users", json: ["email": TestServer.uniqueEmail("ban-new"), "ban_duration": duration],
                    bearer: api.serviceRoleToken
                )
                #expect(created.status == .badRequest, "\(duration): \(created)")
            }
            let year = try await api.send(.put, "/admin/users/\(id)", json: ["ban_duration": "8760h"], bearer: api.serviceRoleToken)
            #expect(year.status == .ok, "\(year)")
        }
    }

    @Test("metadata over the cap: 400 on sign-up, PUT /user and the admin API", arguments: Backend.all)
    func metadataCap(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let big = String(repeating: "x", count: 17 * 1024)
            let signUp = try await api.signUp(TestServer.uniqueEmail("meta"), data: ["blob": big])
            #expect(signUp.status == .badRequest, "\(signUp.status)")
            #expect(signUp.errorCode == "validation_failed")

            let session = try TestSession(try await api.signUp(TestServer.uniqueEmail("meta-ok"), data: ["small": "yes"]))
            // Grown step by step: the merged result counts, not each request alone.
            let half = String(repeating: "y", count: 9 * 1024)
            #expect(try await api.send(.put, "/user", json: ["data": ["a": half]], bearer: session.accessToken).status == .ok)
            let grown = try await api.send(.put, "/user", json: ["data": ["b": half]], bearer: session.accessToken)
            #expect(grown.status == .badRequest, "\(grown.status)")

            for field in ["user_metadata", "app_metadata"] {
                let created = try await api.send(
                    .post, "/admin/users", json: ["email": TestServer.uniqueEmail("meta-admin"), field: ["blob": big]],
                    bearer: api.serviceRoleToken
                )
                #expect(created.status == .badRequest, "\(field): \(created.status)")
                let updated = try await api.send(
                    .put, "/admin/users/\(session.userId)", json: [field: ["blob": big]], bearer: api.serviceRoleToken)
                #expect(updated.status == .badRequest, "\(field): \(updated.status)")
            }
            // What was stored stays small, and so do the tokens.
            let token = try TestSession(try await api.refresh(session.refreshToken)).accessToken
            #expect(token.utf8.count < 20 * 1024)
        }
    }

    @Test("a smaller cap is honoured; a bad value is a start-up error", arguments: Backend.all)
    func metadataCapSetting(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.autoconfirm = true
                $0.maximumMetadataBytes = 1024
            }
        ) { api in
            let reply = try await api.signUp(TestServer.uniqueEmail("meta-small"), data: ["blob": String(repeating: "z", count: 2000)])
            #expect(reply.status == .badRequest)
        }
        let base = ["GATEHOUSE_JWT_SECRET": TestServer.jwtSecret]
        #expect(try ServerConfiguration.fromEnvironment(base).maximumMetadataBytes == 16 * 1024)
        for bad in ["0", "abc", "99999999"] {
            #expect(throws: ConfigurationError.self) {
                try ServerConfiguration.fromEnvironment(base.merging(["GATEHOUSE_MAX_METADATA_BYTES": bad]) { $1 })
            }
        }
        for bad in ["-1", "x", "100000"] {
            #expect(throws: ConfigurationError.self) {
                try ServerConfiguration.fromEnvironment(base.merging(["GATEHOUSE_REAUTHENTICATION_WINDOW": bad]) { $1 })
            }
        }
    }
}
