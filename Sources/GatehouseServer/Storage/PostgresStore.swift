import Foundation
import Logging
import NIOSSL
import PostgresKit
import PostgresNIO
import SQLKit
import ServiceLifecycle

/// PostgreSQL, for several instances sharing one database. `PostgresClient` is a pool that does
/// nothing until its `run()` is running, so the application runs it as a service.
public final class PostgresStore: SQLStore, Service {
    public let engine = SQLEngine.postgres
    let client: PostgresClient

    public init(url: String, logger: Logger) throws {
        guard let components = URLComponents(string: url),
            ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty,
            let user = components.user
        else { throw PostgresStoreError.unsupportedURL }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let tls = try PostgresTLS(url: url).clientTLS()
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432,
            username: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.isEmpty ? nil : database,
            tls: tls
        )
        configuration.options.maximumConnections = 16
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    public func run() async throws {
        await client.run()
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await body(connection.sql(queryLogLevel: nil))
        }
    }

    /// A transaction PostgreSQL aborts for a deadlock or a serialization failure runs again
    /// (`PostgresConflictRetry`).
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await PostgresConflictRetry.run {
            try await client.withConnection { connection in
                try await inTransaction(connection.sql(queryLogLevel: nil), body)
            }
        }
    }

    public func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await read(body)
    }

    public func shutdown() async {}
}

enum PostgresStoreError: Error, CustomStringConvertible {
    case unsupportedURL
    var description: String { "GATEHOUSE_DATABASE_URL must be postgres://user:password@host:port/database" }
}
