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
import Testing

@testable import GatehouseServer

/// `GATEHOUSE_METRICS`: who may read `GET /metrics`.
@Suite("Metrics: access (GATEHOUSE_METRICS)")
struct MetricsAccessTests {
    static let token = "metrics-token-0123456789abcdef0123456789"

    static func configuration(_ env: [String: String]) throws -> ServerConfiguration {
        try ServerConfiguration.fromEnvironment(["GATEHOUSE_JWT_SECRET": TestServer.jwtSecret].merging(env) { $1 })
    }

    @Test("default: public in development, off in production")
    func defaults() throws {
        #expect(try Self.configuration([:]).effectiveMetricsAccess == .public)
        var production = try Self.configuration([:])
        production.environment = .production
        #expect(production.effectiveMetricsAccess == .off)
        production.metricsAccess = .public
        #expect(production.effectiveMetricsAccess == .public)
    }

    @Test("off, public and token:… are read; anything else stops the start without repeating the value")
    func parsing() throws {
        #expect(try Self.configuration(["GATEHOUSE_METRICS": "off"]).effectiveMetricsAccess == .off)
        #expect(try Self.configuration(["GATEHOUSE_METRICS": "PUBLIC"]).effectiveMetricsAccess == .public)
        #expect(try Self.configuration(["GATEHOUSE_METRICS": "token:\(Self.token)"]).effectiveMetricsAccess == .bearer(Secret(Self.token)))
        for bad in ["yes", "token:short-secret-value", "bearer \(Self.token)", "token:has space 0123456789abcdef0123456789"] {
            do {
                _ = try Self.configuration(["GATEHOUSE_METRICS": bad])
                Issue.record("accepted \(bad)")
            } catch let error as ConfigurationError {
                #expect(error.description.contains("GATEHOUSE_METRICS"))
                #expect(!error.description.contains("secret"), "the error repeats the value: \(error)")
            }
        }
    }

    @Test("the token is a secret: the configuration's description never shows it")
    func tokenIsSecret() throws {
        let configuration = try Self.configuration(["GATEHOUSE_METRICS": "token:\(Self.token)"])
        #expect(!String(describing: configuration).contains(Self.token))
        #expect(ServerSettings.metrics.isSecret)
    }

    @Test("off answers 404 like an unknown path", arguments: Backend.all)
    func off(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.metricsAccess = .off }) { api in
            let reply = try await api.atRoot.send(.get, "/metrics")
            #expect(reply.status == .notFound)
            #expect(reply.errorCode == "not_found")
        }
    }

    @Test("production without the setting does not serve metrics", arguments: Backend.all)
    func productionDefault(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.environment = .production }) { api in
            let reply = try await api.atRoot.send(.get, "/metrics")
            #expect(reply.status == .notFound)
        }
    }

    @Test("token: only the right bearer token reads; anything else is 401", arguments: Backend.all)
    func bearer(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.metricsAccess = .bearer(Secret(Self.token)) }) { api in
            let none = try await api.atRoot.send(.get, "/metrics")
            #expect(none.status == .unauthorized)
            #expect(none.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(!none.text.contains("gatehouse_"))
            let wrong = try await api.atRoot.send(.get, "/metrics", bearer: Self.token + "x")
            #expect(wrong.status == .unauthorized)
            let serviceRole = try await api.atRoot.send(.get, "/metrics", bearer: api.serviceRoleToken)
            #expect(serviceRole.status == .unauthorized)
            let right = try await api.atRoot.send(.get, "/metrics", bearer: Self.token)
            #expect(right.status == .ok)
            #expect(right.text.contains("gatehouse_http_requests_total"))
        }
    }

    @Test("two applications in one process count apart (no global registry)", arguments: Backend.all)
    func separateRegistries(_ backend: Backend) async throws {
        try await TestServer.run(backend) { first in
            for _ in 0..<3 { _ = try await first.send(.get, "/health") }
            try await TestServer.run(backend) { second in
                let text = try await second.atRoot.send(.get, "/metrics").text
                #expect(!text.contains("route=\"/auth/v1/health\""), "\(text)")
            }
        }
    }
}
