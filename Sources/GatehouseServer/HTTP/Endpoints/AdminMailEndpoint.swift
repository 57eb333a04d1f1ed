import Hummingbird

/// `GET /admin/mail`: the outbox's counts by state and its most recent dead jobs.
struct AdminMailEndpoint {
    let service: GatehouseServices

    func addRoutes(to group: RouterGroup<GatehouseRequestContext>) {
        group.group("admin/mail").add(middleware: ServiceRoleMiddleware(service: service)).get { _, _ in
            try JSONBody.response(try await service.mail.outboxStatus())
        }
    }
}
