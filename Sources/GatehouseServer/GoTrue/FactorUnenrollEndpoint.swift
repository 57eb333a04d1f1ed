import GatehouseCore
import Hummingbird

/// `DELETE /factors/{id}`: answers `{"id": …}` of the factor removed.
struct FactorUnenrollEndpoint {
    let service: GatehouseServices

    struct Answer: Encodable { var id: String }

    func unenroll(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let factorId = try context.parameters.require("id")
        let removed = try await service.mfa.unenroll(context.caller, factorId: factorId)
        return try JSONBody.response(Answer(id: removed.id.lowercasedString))
    }
}
