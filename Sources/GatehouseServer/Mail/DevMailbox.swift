import Foundation
import GatehouseCore
import SQLKit

/// The development transport: messages are stored in the database and browsed at `/_dev/mail`
/// (HTML and a JSON API), so every flow can be tried without a mail server.
struct DevMailbox: MailTransport {
    let name = "dev-mailbox"
    let store: any SQLStore

    func send(_ message: MailMessage) async throws(MailDeliveryError) {
        do {
            // One INSERT: atomic without a transaction around it.
            try await store.writeStatement { database in
                try await DevMailboxRepository.insert(message, now: Clock.now(), in: database)
            }
        } catch {
            throw MailDeliveryError(transient: true, "dev mailbox: could not store the message")
        }
    }
}

/// A stored dev-mailbox message, as the JSON API returns it.
struct DevMailboxMessage: Codable, Sendable {
    var id: String
    var to: String
    var from: String
    var subject: String
    var text: String
    var html: String?
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, to, from, subject, text, html
        case createdAt = "created_at"
    }
}

enum DevMailboxRepository {
    static func insert(_ message: MailMessage, now: Timestamp, in database: any SQLDatabase) async throws {
        try await database.raw("""
            INSERT INTO dev_mailbox (id, recipient, sender, subject, text_body, html_body, created_at)
            VALUES (\(bind: UUID().uuidString.lowercased()), \(bind: message.to.address.lowercased()), \(bind: message.from.address),
                \(bind: message.subject), \(bind: message.text), \(bind: message.html), \(bind: now.microsecondsSinceEpoch))
            """).run()
    }

    /// Newest first; for one recipient when `recipient` is given.
    static func list(recipient: String?, limit: Int, in database: any SQLDatabase) async throws -> [DevMailboxMessage] {
        let rows = if let recipient {
            try await database.raw("""
                SELECT * FROM dev_mailbox WHERE recipient = \(bind: recipient.lowercased())
                ORDER BY created_at DESC LIMIT \(bind: limit)
                """).all()
        } else {
            try await database.raw("SELECT * FROM dev_mailbox ORDER BY created_at DESC LIMIT \(bind: limit)").all()
        }
        return try rows.map(decode)
    }

    static func find(id: String, in database: any SQLDatabase) async throws -> DevMailboxMessage? {
        try await database.raw("SELECT * FROM dev_mailbox WHERE id = \(bind: id)").first().map(decode)
    }

    static func deleteAll(in database: any SQLDatabase) async throws {
        try await database.raw("DELETE FROM dev_mailbox").run()
    }

    private static func decode(_ row: any SQLRow) throws -> DevMailboxMessage {
        DevMailboxMessage(
            id: try row.decode(column: "id", as: String.self), to: try row.decode(column: "recipient", as: String.self),
            from: try row.decode(column: "sender", as: String.self), subject: try row.decode(column: "subject", as: String.self),
            text: try row.decode(column: "text_body", as: String.self), html: try row.decode(column: "html_body", as: String?.self),
            createdAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "created_at", as: Int64.self)).rfc3339
        )
    }
}
