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
@_spi(Testing) import GatehouseServer
import Logging
import ServiceLifecycle
import Synchronization

/// Test support shared by the SDK and feature-model suites.
///
/// A real Gatehouse server on 127.0.0.1 and a free port, on a scratch SQLite database, run in a
/// `ServiceGroup` and stopped gracefully. The bound port is read from the server's own
/// "Gatehouse is serving" log line.
public final class LiveServer: Sendable {
    public let baseURL: URL
    private let group: ServiceGroup
    private let run: Task<Void, Never>
    private let directory: URL

    public var authURL: URL { baseURL.appendingPathComponent("auth/v1") }

    /// Bcrypt cost 4, autoconfirm on, no rate limits and no send window unless `configure` says so.
    public static func start(configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> LiveServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try await start(configuration: configuration(directory: directory, configure: configure), directory: directory)
    }

    public static func configuration(directory: URL, configure: (inout ServerConfiguration) -> Void) -> ServerConfiguration {
        var configuration = ServerConfiguration(jwtSecret: String(repeating: "k", count: 40))
        configuration.port = 0
        configuration.databaseURL = "sqlite://\(directory.path)/db.sqlite"
        configuration.dataDirectory = directory.path
        configuration.bcryptCost = 4
        configuration.rateLimits.tokenPerFiveMinutes = 0
        configuration.rateLimits.otpPerFiveMinutes = 0
        configuration.rateLimits.verifyPerFiveMinutes = 0
        configuration.autoconfirm = true
        configuration.emailSendWindow = 0
        configuration.mail.retryBaseDelay = 0.05
        configure(&configuration)
        configuration.logLevel = .notice
        return configuration
    }

    /// The server on `clock` when given (a test moves its time), else on the system's.
    public static func start(configuration: ServerConfiguration, directory: URL, clock: LiveServerClock? = nil) async throws -> LiveServer {
        let announced = AnnouncedURL()
        let logger = Logger(label: "gatehouse-test") { _ in PortCapturingLogHandler(announced: announced) }
        let app = try await buildApplication(configuration: configuration, logger: logger) { clock?.now ?? Timestamp.now() }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let run = Task {
            do { try await group.run() } catch { announced.fail() }
        }
        guard let url = await announced.value() else {
            run.cancel()
            throw ServerDidNotStart()
        }
        return LiveServer(baseURL: url, group: group, run: run, directory: directory)
    }

    private init(baseURL: URL, group: ServiceGroup, run: Task<Void, Never>, directory: URL) {
        self.baseURL = baseURL
        self.group = group
        self.run = run
        self.directory = directory
    }

    public func stop() async {
        await group.triggerGracefulShutdown()
        await run.value
        try? FileManager.default.removeItem(at: directory)
    }

    /// Rewrites a link from an email (addressed at the configured external URL) to this server.
    public func local(_ link: String) -> URL {
        let configured = "http://127.0.0.1:9999"
        let rewritten = link.hasPrefix(configured) ? baseURL.absoluteString + link.dropFirst(configured.count) : link
        return URL(string: rewritten)!
    }

    public struct ServerDidNotStart: Error {}
}

/// Runs `body` with a fresh server (on `clock` when given) and always stops it.
public func withLiveServer(
    isolation: isolated (any Actor)? = #isolation, clock: LiveServerClock? = nil,
    configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: (LiveServer) async throws -> Void
) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-client-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let configuration = LiveServer.configuration(directory: directory, configure: configure)
    let server = try await LiveServer.start(configuration: configuration, directory: directory, clock: clock)
    do {
        try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// The URL the server logged once it was listening.
final class AnnouncedURL: Sendable {
    private let state = Watched<(url: URL?, failed: Bool)>((nil, false))

    public func set(_ url: URL) { state.update { $0.url = url } }
    public func fail() { state.update { $0.failed = true } }

    /// The URL once logged; nil when the server failed first (or within `Watched`'s bound).
    public func value() async -> URL? {
        await state.wait { $0.url != nil || $0.failed }
        return state.value.url
    }
}

struct PortCapturingLogHandler: LogHandler {
    public let announced: AnnouncedURL
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .notice

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        if event.message.description == "Gatehouse is serving", let url = event.metadata?["url"].flatMap({ URL(string: "\($0)") }) {
            announced.set(url)
        }
    }
}
