import Foundation
import GatehouseCore

/// Owns the current session: where it is kept ("remember me" → persistent storage, otherwise
/// memory only), handing out a valid one, and refreshing it — once, however many callers ask at
/// the same time.
actor SessionManager {
    private let api: GoTrueAPI
    private let events: AuthEventBroadcaster
    private let persistent: any SessionStorage
    private let memory = MemorySessionStorage()
    private let key: String
    private let leeway: Double
    private let now: @Sendable () -> Date

    private var current: Session?
    private var restored = false
    private var remember = true
    /// A link's session for another user, waiting for the app's decision (memory only).
    private var pending: (session: Session, recovery: Bool)?
    /// The refresh under way; every caller that arrives meanwhile awaits this same task.
    private var refreshing: Task<Session, any Error>?

    init(api: GoTrueAPI, events: AuthEventBroadcaster, configuration: AuthClientConfiguration) {
        self.api = api
        self.events = events
        self.persistent = configuration.storage
        self.key = configuration.storageKey
        self.leeway = configuration.refreshLeeway.seconds
        self.now = configuration.now
    }

    /// The stored session, without any network call; restored from persistent storage once.
    func storedSession() -> Session? {
        if !restored {
            restored = true
            if let data = try? persistent.load(key: key), let session = try? JSONDecoder().decode(Session.self, from: data) {
                current = session
            }
        }
        return current
    }

    /// Keeps `session`; `remember` (when given) decides between persistent storage and memory.
    func save(_ session: Session, remember: Bool? = nil) {
        if let remember { self.remember = remember }
        restored = true
        current = session
        guard let data = try? JSONEncoder().encode(session) else { return }
        // A storage failure leaves the session usable for this run rather than failing sign-in.
        if self.remember {
            memory.remove(key: key)
            try? persistent.store(data, key: key)
        } else {
            memory.store(data, key: key)
            try? persistent.remove(key: key)
        }
    }

    /// A new session from a sign-in or a link becomes the current one.
    func adopt(_ session: Session, remember: Bool?) -> Session {
        pending = nil
        save(session, remember: remember)
        return session
    }

    func holdPending(_ session: Session, recovery: Bool) {
        pending = (session, recovery)
    }

    func takePending() -> (session: Session, recovery: Bool)? {
        defer { pending = nil }
        return pending
    }

    func clear() {
        restored = true
        current = nil
        memory.remove(key: key)
        try? persistent.remove(key: key)
    }

    /// A session whose access token is good for at least the leeway, refreshing if needed.
    func validSession() async throws -> Session {
        guard let session = storedSession() else { throw AuthClientError.sessionMissing }
        if !session.expires(within: leeway, now: now().timeIntervalSince1970) { return session }
        return try await refresh()
    }

    /// Refreshes the session: single-flight, so concurrent callers share one request and one
    /// rotation (a second rotation would race the first and could trip reuse detection).
    func refresh() async throws -> Session {
        if let refreshing { return try await refreshing.value }
        guard let session = storedSession() else { throw AuthClientError.sessionMissing }
        let task = Task { try await self.performRefresh(using: session.refreshToken) }
        refreshing = task
        return try await task.value
    }

    private func performRefresh(using refreshToken: String) async throws -> Session {
        defer { refreshing = nil }
        do {
            let session = try await api.refresh(refreshToken: refreshToken)
            save(session)
            events.emit(.tokenRefreshed, session)
            return session
        } catch let error as AuthClientError {
            // Revoked or reused tokens end the session here too (as supabase-swift does).
            if let code = error.apiError?.code, code.endsSession {
                clear()
                events.emit(.signedOut, nil)
            }
            throw error
        }
    }

    /// One beat of the background refresher: refresh when the token is about to expire.
    func autoRefreshTick() async {
        guard let session = storedSession(), session.expires(within: leeway, now: now().timeIntervalSince1970) else { return }
        // Failures are retried on the next beat; a revoked session was already cleared.
        _ = try? await refresh()
    }

    /// After a password change the server answers the updated user; the session carries it.
    func replaceUser(_ user: User) -> Session? {
        guard var session = storedSession() else { return nil }
        session.user = user
        save(session)
        return session
    }
}
