import Foundation
import GatehouseCore
import Logging
import SQLKit

/// The server's collaborators, built once at start-up and shared by every endpoint. The account
/// and session operations live in extensions, one file per operation (`Accounts/`, `Sessions/`).
struct AuthService: Sendable {
    let configuration: ServerConfiguration
    let store: any SQLStore
    let hasher: PasswordHasher
    let signer: TokenSigner
    let refreshTokens: RefreshTokenCodec
    let logger: Logger
    let tokenHasher: OneTimeTokenHasher
    let redirectPolicy: RedirectPolicy
    /// Nudges the outbox worker when a request queues mail.
    let outboxSignal = WakeSignal()
    /// Opens once the schema is migrated; background work waits for it.
    let schemaReady = Latch()

    init(configuration: ServerConfiguration, store: any SQLStore, logger: Logger) async {
        self.configuration = configuration
        self.store = store
        self.hasher = PasswordHasher(cost: configuration.bcryptCost)
        self.signer = await TokenSigner(secret: configuration.jwtSecret, issuer: configuration.issuer, lifetime: configuration.jwtExpiry)
        self.refreshTokens = RefreshTokenCodec(secret: configuration.jwtSecret)
        self.logger = logger
        self.tokenHasher = OneTimeTokenHasher(secret: configuration.jwtSecret)
        self.redirectPolicy = RedirectPolicy(siteURL: configuration.siteURL, allowList: configuration.redirectAllowList)
    }

    var passwordPolicy: PasswordPolicy { configuration.passwordPolicy }

    /// How a storage call uses the database.
    enum DatabaseAccess {
        /// Reads that need no atomicity (a reader connection on SQLite).
        case read
        /// Writes between BEGIN and COMMIT, rolled back if the body throws.
        case transaction
        /// One self-contained write statement, atomic on its own: no BEGIN/COMMIT around it.
        case statement
    }

    /// Runs a storage call, turning an unexpected storage failure into a logged 500 that reveals
    /// nothing of the query. AuthErrors thrown inside pass through unchanged.
    func database<T: Sendable>(
        _ access: DatabaseAccess = .read, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws(AuthError) -> T {
        do {
            switch access {
            case .read: return try await store.read(body)
            case .transaction: return try await store.write(body)
            case .statement: return try await store.writeStatement(body)
            }
        } catch let error as AuthError {
            throw error
        } catch {
            logger.error("Storage failure", metadata: ["error": "\(String(reflecting: error))"])
            throw AuthError(.unexpectedFailure, status: .internalServerError, "Database error")
        }
    }

    /// Wraps a password-hasher call (it fails only if its thread pool is shutting down).
    func hashing<T: Sendable>(_ body: () async throws -> T) async throws(AuthError) -> T {
        do {
            return try await body()
        } catch {
            throw AuthError(.unexpectedFailure, status: .serviceUnavailable, "Server is shutting down")
        }
    }
}
