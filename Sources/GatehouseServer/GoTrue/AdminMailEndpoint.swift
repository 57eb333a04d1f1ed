import GatehouseCore
import Hummingbird

/// `GET /admin/mail`: the outbox's counts by state and its most recent dead jobs.
struct AdminMailEndpoint {
    let service: GatehouseServices

    func status(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        try JSONBody.response(try await service.mail.outboxStatus())
    }
}
