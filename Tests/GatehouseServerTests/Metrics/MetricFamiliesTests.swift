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

/// What a Prometheus scrape expects of every exposition: each family introduced by `# HELP` and
/// `# TYPE`, the process's own metrics (CPU, memory, descriptors, start time), the build's
/// version, and preflights counted under the route they ask about.
@Suite("Metrics: families, process and build")
struct MetricFamiliesTests {
    /// The family a sample line belongs to: its name without a histogram's or summary's suffix.
    static func family(ofSample name: String, typed: [String: String]) -> String {
        for suffix in ["_bucket", "_count", "_sum"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if typed[base] == "histogram" || typed[base] == "summary" { return base }
        }
        return name
    }

    /// `# HELP` and `# TYPE` lines by family, and the families that have samples.
    static func parse(_ text: String) -> (help: Set<String>, type: [String: String], sampled: Set<String>) {
        var help: Set<String> = []
        var type: [String: String] = [:]
        var names: [String] = []
        for line in text.split(separator: "\n").map(String.init) {
            let words = line.split(separator: " ", maxSplits: 3).map(String.init)
            if line.hasPrefix("# HELP "), words.count >= 4, !words[3].isEmpty {
                help.insert(words[2])
            } else if line.hasPrefix("# TYPE "), words.count == 4 {
                type[words[2]] = words[3]
            } else if !line.hasPrefix("#") {
                names.append(String(line.prefix { $0 != "{" && $0 != " " }))
            }
        }
        return (help, type, Set(names.map { family(ofSample: $0, typed: type) }))
    }

    @Test("every family has # HELP and # TYPE", arguments: Backend.all)
    func helpAndType(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("families")
            _ = try await api.signedInUser(email)
            _ = try await api.signIn(email, "not-the-password")
            _ = try await api.send(.post, "/recover", json: ["email": email])
            let text = try await api.atRoot.send(.get, "/metrics").text
            let (help, type, sampled) = Self.parse(text)
            #expect(sampled.count >= 8, "\(text)")
            #expect(sampled.subtracting(help).isEmpty, "families without # HELP: \(sampled.subtracting(help).sorted())")
            #expect(sampled.subtracting(type.keys).isEmpty, "families without # TYPE: \(sampled.subtracting(type.keys).sorted())")
        }
    }

    @Test("gatehouse_build_info names the version /health reports, and a commit", arguments: Backend.all)
    func buildInfo(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let version = try #require(try await api.atRoot.send(.get, "/health")["version"]?.stringValue)
            let text = try await api.atRoot.send(.get, "/metrics").text
            let line = try #require(
                text.split(separator: "\n").first { $0.hasPrefix("gatehouse_build_info{") }, "no gatehouse_build_info in \(text)")
            #expect(line.contains("version=\"\(version)\""), "\(line)")
            #expect(line.wholeMatch(of: /gatehouse_build_info\{.*commit="[0-9a-zA-Z._-]+".*\} 1(\.0)?/) != nil, "\(line)")
            #expect(Self.parse(text).type["gatehouse_build_info"] == "gauge")
        }
    }

    #if os(Linux)
        @Test("process metrics: CPU seconds, resident memory, open descriptors, start time", arguments: Backend.all)
        func processMetrics(_ backend: Backend) async throws {
            try await TestServer.run(backend) { api in
                let text = try await api.atRoot.send(.get, "/metrics").text
                let (_, type, _) = Self.parse(text)
                for (name, kind) in [
                    ("process_cpu_seconds_total", "counter"), ("process_resident_memory_bytes", "gauge"),
                    ("process_open_fds", "gauge"), ("process_max_fds", "gauge"), ("process_start_time_seconds", "gauge"),
                ] {
                    #expect(type[name] == kind, "\(name): \(type[name] ?? "missing")")
                    #expect((MetricsContentTests.value(text, name, []) ?? 0) > 0, "\(name) in \(text)")
                }
                let started = MetricsContentTests.value(text, "process_start_time_seconds", []) ?? 0
                #expect(started <= Date().timeIntervalSince1970 + 1, "the start is in the past")
            }
        }
    #endif

    @Test("a CORS preflight and a plain OPTIONS are counted under their route, not unmatched", arguments: Backend.all)
    func preflightsByRoute(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.siteURL = "https://app.example.com" }) { api in
            let preflight = try await api.send(
                .options, "/token",
                headers: [.origin: "https://app.example.com", .accessControlRequestMethod: "POST"])
            #expect(preflight.status.code < 300, "\(preflight)")
            #expect(preflight.header("Access-Control-Allow-Origin") == "https://app.example.com", "\(preflight.headers)")
            let plain = try await api.send(.options, "/user")
            #expect(plain.status.code < 300, "\(plain)")
            let text = try await api.atRoot.send(.get, "/metrics").text
            let token = MetricsContentTests.value(
                text, "gatehouse_http_requests_total", ["route=\"/auth/v1/token\"", "method=\"OPTIONS\""])
            #expect(token == 1, "\(text)")
            let user = MetricsContentTests.value(text, "gatehouse_http_requests_total", ["route=\"/auth/v1/user\"", "method=\"OPTIONS\""])
            #expect(user == 1, "\(text)")
            #expect(MetricsContentTests.value(text, "gatehouse_http_requests_total", ["route=\"unmatched\""]) == nil, "\(text)")
        }
    }
}
