import Foundation
import Hummingbird

/// The server's routes as its router holds them, for `gatehouse routes` (the malformed-input
/// suite sends broken requests to every one of them, so a route added later is covered).
public enum RouteTable {
    public struct Route: Codable, Sendable, Equatable {
        public var method: String
        /// Hummingbird's path pattern, e.g. `/auth/v1/admin/users/{id}`.
        public var path: String
    }

    /// Where `buildApplication` reports its routes while a listing is being made.
    @TaskLocal static var collector: Collector?

    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [Route] = []
        private var resources: [(any SQLStore, PasswordHasher)] = []
        var routes: [Route] { lock.withLock { collected } }

        func add(_ routes: [Route], store: any SQLStore, hasher: PasswordHasher) {
            lock.withLock {
                collected += routes
                resources.append((store, hasher))
            }
        }

        /// Closes what building the application opened (it is never run, so its own
        /// shutdown service never does).
        func close() async {
            for (store, hasher) in lock.withLock({ resources }) {
                await store.shutdown()
                await hasher.shutdown()
            }
        }
    }

    static func report(_ routes: [Router<GatehouseRequestContext>.RouteDescription], store: any SQLStore, hasher: PasswordHasher) {
        collector?.add(routes.map { Route(method: $0.method.rawValue, path: $0.path.description) }, store: store, hasher: hasher)
    }

    /// Builds the application for `configuration` (storage in a throwaway SQLite file, never
    /// the configured database; nothing is served) and returns its routes, sorted.
    public static func routes(configuration: ServerConfiguration) async throws -> [Route] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = configuration
        configuration.databaseURL = "sqlite://" + folder.appendingPathComponent("routes.sqlite").path
        let collector = Collector()
        _ = try await $collector.withValue(collector) {
            try await buildApplication(configuration: configuration)
        }
        await collector.close()
        return collector.routes.sorted { ($0.path, $0.method) < ($1.path, $1.method) }
    }
}
