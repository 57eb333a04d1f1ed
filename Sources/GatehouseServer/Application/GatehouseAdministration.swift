import Logging

/// Operations of the `gatehouse` command other than serving.
public enum GatehouseAdministration {
    public static func migrate(configuration: ServerConfiguration) async throws {
        let logger = Logger(label: "gatehouse.migrate")
        let store = try await openStore(configuration: configuration, logger: logger)
        if let postgres = store as? PostgresStore {
            // The pool serves queries only while its run() is running.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await postgres.client.run() }
                do {
                    try await Migrations.apply(to: store, logger: logger)
                    group.cancelAll()
                } catch {
                    group.cancelAll()
                    throw error
                }
            }
            return
        }
        do {
            try await Migrations.apply(to: store, logger: logger)
        } catch {
            await store.shutdown()
            throw error
        }
        await store.shutdown()
    }

    public static func apiKeys(configuration: ServerConfiguration, validForDays days: Int) async throws -> [(String, String)] {
        let signer = await TokenSigner(secret: configuration.jwtSecret, issuer: configuration.issuer, lifetime: configuration.jwtExpiry)
        return [
            ("anon", try await signer.roleToken("anon", validFor: days * 86_400)),
            ("service_role", try await signer.roleToken("service_role", validFor: days * 86_400)),
        ]
    }

    /// Median milliseconds of one verify at `cost`, on the hasher the server uses.
    public static func bcryptVerifyMilliseconds(cost: Int, iterations: Int) async throws -> Double {
        let hasher = PasswordHasher(cost: cost, threads: 1)
        let samples = try await hasher.measureVerify(iterations: iterations).sorted()
        await hasher.shutdown()
        return samples[samples.count / 2]
    }
}
