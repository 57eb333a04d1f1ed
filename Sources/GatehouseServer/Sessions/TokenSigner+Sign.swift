import JWTKit

extension TokenSigner {
    func sign<Payload: JWTPayload>(_ payload: Payload) async throws -> String {
        try await keys.sign(payload)
    }
}
