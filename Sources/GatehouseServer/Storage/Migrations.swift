import Logging
import SQLKit

/// Versioned schema migrations, applied in order at start-up inside one transaction each.
///
/// There is no ORM here, so this is a small table of our own: `schema_migrations(version)`.
/// Types are chosen to mean the same on both engines: ids are UUID strings, instants are
/// microseconds since the epoch in BIGINT, JSON is TEXT, flags are nullable instants.
enum Migrations {
    struct Migration: Sendable {
        let version: Int
        let name: String
        let statements: [String]
    }

    static let all: [Migration] = [
        Migration(version: 1, name: "accounts and sessions", statements: [
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                encrypted_password TEXT,
                aud TEXT NOT NULL,
                role TEXT NOT NULL,
                email_confirmed_at BIGINT,
                confirmation_sent_at BIGINT,
                recovery_sent_at BIGINT,
                last_sign_in_at BIGINT,
                raw_app_meta_data TEXT NOT NULL,
                raw_user_meta_data TEXT NOT NULL,
                banned_until BIGINT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE identities (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                provider TEXT NOT NULL,
                provider_id TEXT NOT NULL,
                identity_data TEXT NOT NULL,
                last_sign_in_at BIGINT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (provider, provider_id)
            )
            """,
            "CREATE INDEX identities_user_id ON identities (user_id)",
            """
            CREATE TABLE sessions (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                aal TEXT NOT NULL,
                amr TEXT NOT NULL,
                refresh_counter BIGINT NOT NULL,
                refreshed_at BIGINT NOT NULL,
                user_agent TEXT,
                ip TEXT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX sessions_user_id ON sessions (user_id)",
        ]),
    ]

    /// Applies every migration newer than the database's version. Safe to run on every start and
    /// from several instances at once (PostgreSQL serializes them on the migrations table lock).
    static func apply(to store: any SQLStore, logger: Logger) async throws {
        try await store.write { database in
            try await database.raw(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"
            ).run()
        }
        for migration in all {
            let applied = try await store.write { database -> Bool in
                if store.engine == .postgres {
                    try await database.raw("LOCK TABLE schema_migrations IN EXCLUSIVE MODE").run()
                }
                let existing = try await database.raw(
                    "SELECT version FROM schema_migrations WHERE version = \(bind: migration.version)"
                ).first()
                guard existing == nil else { return false }
                for statement in migration.statements {
                    try await database.raw(SQLQueryString(statement)).run()
                }
                try await database.raw(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (\(bind: migration.version), \(bind: migration.name), \(bind: Clock.nowMicros()))"
                ).run()
                return true
            }
            if applied { logger.info("Applied migration", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"]) }
        }
    }
}
