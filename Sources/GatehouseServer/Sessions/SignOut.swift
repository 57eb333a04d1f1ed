import GatehouseCore

/// `POST /logout?scope=`: which of the user's sessions end.
enum SignOutScope: String, Sendable {
    case global, local, others

    init(parameter: String?) throws(AuthError) {
        guard let parameter, !parameter.isEmpty else {
            self = .global
            return
        }
        guard let scope = SignOutScope(rawValue: parameter.lowercased()) else {
            throw .validation("Unsupported logout scope \"\(parameter)\"")
        }
        self = scope
    }
}

extension SessionService {
    func signOut(_ caller: Authenticated, scope: SignOutScope) async throws(AuthError) {
        let session = caller.session
        try await store.run(.transaction) { database in
            switch scope {
            case .global: try await database.sessions.deleteAll(userId: session.userId)
            case .local: try await database.sessions.delete(id: session.id)
            case .others: try await database.sessions.deleteAll(userId: session.userId, except: session.id)
            }
        }
    }
}
