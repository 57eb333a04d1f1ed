import Hummingbird

/// `/_dev/mail`: the development mailbox, a page listing what was "sent" and a JSON API
/// (`GET /_dev/mail/api/messages?to=`, `GET /_dev/mail/api/messages/{id}`,
/// `DELETE /_dev/mail/api/messages`). Mounted only in development with the dev-mailbox transport.
struct DevMailboxEndpoint {
    let service: AuthService
    let pages: PageRenderer

    struct MessageList: Encodable {
        var messages: [DevMailboxMessage]
    }

    func addRoutes(to router: Router<GatehouseRequestContext>) {
        let store = service.store
        router.get("_dev/mail/api/messages") { request, _ in
            let recipient = request.uri.queryParameters.get("to")
            let limit = min(500, max(1, request.uri.queryParameters.get("limit", as: Int.self) ?? 50))
            let messages = try await service.database { try await DevMailboxRepository.list(recipient: recipient, limit: limit, in: $0) }
            return try JSONBody.response(MessageList(messages: messages))
        }
        router.get("_dev/mail/api/messages/:id") { _, context in
            let id = try context.parameters.require("id")
            guard let message = try await service.database({ try await DevMailboxRepository.find(id: id, in: $0) }) else {
                throw AuthError(.notFound, status: .notFound, "No such message")
            }
            return try JSONBody.response(message)
        }
        router.delete("_dev/mail/api/messages") { _, _ in
            try await store.write { try await DevMailboxRepository.deleteAll(in: $0) }
            return Response(status: .noContent)
        }
        router.get("_dev/mail") { _, _ in
            let messages = try await service.database { try await DevMailboxRepository.list(recipient: nil, limit: 50, in: $0) }
            let items: [[String: Any]] = messages.map { message in
                ["id": message.id, "to": message.to, "subject": message.subject, "text": message.text, "created_at": message.createdAt]
            }
            return pages.render("dev_mailbox", title: "Dev mailbox", values: ["messages": items, "empty": messages.isEmpty])
        }
    }
}
