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

extension AuthService {
    func signOut(_ caller: Authenticated, scope: SignOutScope) async throws(AuthError) {
        let session = caller.session
        try await database(.transaction) { database in
            switch scope {
            case .global: try await SessionRepository.deleteAll(userId: session.userId, in: database)
            case .local: try await SessionRepository.delete(id: session.id, in: database)
            case .others: try await SessionRepository.deleteAll(userId: session.userId, except: session.id, in: database)
            }
        }
    }
}
