/// Wraps a password-hasher call (it fails only if its thread pool is shutting down).
func hashing<T: Sendable>(_ body: () async throws -> T) async throws(AuthError) -> T {
    do {
        return try await body()
    } catch {
        throw AuthError(.unexpectedFailure, status: .serviceUnavailable, "Server is shutting down")
    }
}
