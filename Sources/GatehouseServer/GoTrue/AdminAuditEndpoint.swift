//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import Foundation
import GatehouseCore
import Hummingbird

/// `GET /admin/audit`: the audit log, newest first, paged as `GET /admin/users` (`page`,
/// `per_page`, `X-Total-Count`, `Link`), filtered by `user_id`, `email`, `action` (one or a
/// comma-separated list) and the time range `since` / `until` (RFC 3339).
struct AdminAuditEndpoint {
    let service: GatehouseServices

    func list(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let paging = try AdminUsersPaging(request)
        let filter = try Self.filter(request)
        let result = try await service.audit.entries(matching: filter, offset: paging.offset, limit: paging.perPage)
        let headers = paging.headers(for: request, total: result.total)
        return try JSONBody.response(result.entries.map(AuditEntryPayload.init), headers: headers)
    }

    static func filter(_ request: Request) throws(AuthError) -> AuditFilter {
        func value(_ name: String) -> String? {
            request.uri.queryParameters[name[...]].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        }
        var filter = AuditFilter()
        if let raw = value("user_id") {
            guard let id = UUID(parsing: raw) else { throw .validation("user_id must be a UUID") }
            filter.userId = id
        }
        if let raw = value("email") {
            guard let email = try? EmailAddress(validating: raw) else { throw .validation("email must be an email address") }
            filter.email = email.normalized
        }
        if let raw = value("action") {
            let known = Set(AuditAction.allCases.map(\.rawValue))
            let actions = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard actions.allSatisfy(known.contains) else {
                throw .validation("action must be one or more of: \(AuditAction.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            filter.actions = actions
        }
        for (name, keyPath) in [("since", \AuditFilter.since), ("until", \AuditFilter.until)] {
            guard let raw = value(name) else { continue }
            guard let time = Timestamp(rfc3339: raw) else { throw .validation("\(name) must be an RFC 3339 date-time") }
            filter[keyPath: keyPath] = time
        }
        return filter
    }
}

/// An entry as GoTrue's audit log shows it (`id`, `created_at`, `ip_address`, and a `payload`
/// with `action`, `actor_id`, `actor_username`, `log_type` and `traits`), with our columns beside
/// it: the subject (`user_id`, `email`), `user_agent` and `request_id`.
struct AuditEntryPayload: Encodable {
    struct Payload: Encodable {
        var action: String
        var actorId: String?
        var actorUsername: String?
        var logType: String
        var traits: [String: JSONValue]

        enum CodingKeys: String, CodingKey {
            case action, traits
            case actorId = "actor_id"
            case actorUsername = "actor_username"
            case logType = "log_type"
        }
    }

    var id: String
    var createdAt: String
    var ipAddress: String
    var payload: Payload
    var userId: String?
    var email: String?
    var userAgent: String?
    var requestId: String?

    enum CodingKeys: String, CodingKey {
        case id, payload, email
        case createdAt = "created_at"
        case ipAddress = "ip_address"
        case userId = "user_id"
        case userAgent = "user_agent"
        case requestId = "request_id"
    }

    init(_ entry: AuditEntry) {
        let subject = entry.userId?.lowercasedString
        // Nobody else acting means the subject acted on their own account.
        let actorIsRole = entry.actor.map { UUID(parsing: $0) == nil } ?? false
        id = entry.id.lowercasedString
        createdAt = entry.createdAt.rfc3339
        ipAddress = entry.ipAddress
        payload = Payload(
            action: entry.action, actorId: entry.actor ?? subject,
            actorUsername: actorIsRole ? entry.actor : (entry.actor == nil ? entry.email : nil),
            logType: Self.logType(entry.action, byAdmin: entry.actor != nil), traits: entry.traits)
        userId = subject
        email = entry.email
        userAgent = entry.userAgent
        requestId = entry.requestId
    }

    /// GoTrue's groups: what an admin did (`team`), tokens, sign-in and account events, the rest.
    static func logType(_ action: String, byAdmin: Bool) -> String {
        if byAdmin { return "team" }
        switch AuditAction(rawValue: action) {
        case .login, .loginFailed, .logout, .userSignedUp: return "account"
        case .refreshTokenReused, .tokenRedeemed, .tokenRejected, .linkGenerated: return "token"
        case .emailSent, .emailSkipped, .emailDeferred, .emailBounced, .emailDead: return "mail"
        default: return "user"
        }
    }
}
