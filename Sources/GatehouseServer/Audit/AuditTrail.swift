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

/// How services write the audit log.
///
/// Inside a transaction (`UnitOfWork.audit`) the entry commits with the change it describes, or
/// not at all. Events with no transaction of their own (a refused sign-in, a rejected link)
/// are written on their own (`Store.audit`): a failure to write them is logged and never changes
/// the answer the user gets.
extension UnitOfWork {
    var auditLog: AuditLogRepository { AuditLogRepository(database: database) }

    func audit(_ event: AuditEvent, at now: Timestamp) async throws {
        try await auditLog.append(AuditEntry(event, at: now, request: AuditRequest.current))
    }
}

extension Store {
    func audit(_ event: AuditEvent, at now: Timestamp) async {
        let entry = AuditEntry(event, at: now, request: AuditRequest.current)
        do {
            try await perform(.statement) { try await $0.auditLog.append(entry) }
        } catch {
            logger.error(
                "Audit: entry not written", metadata: ["action": "\(event.action.rawValue)", "error": "\(String(reflecting: error))"])
        }
    }
}

extension AuditEntry {
    init(_ event: AuditEvent, at now: Timestamp, request: AuditRequest) {
        self.init(
            id: RandomSource.system.timeOrderedUUID(at: now), createdAt: now, action: event.action.rawValue, userId: event.userId,
            email: event.email,
            actor: request.actor, ipAddress: String(request.ipAddress.prefix(64)),
            userAgent: request.userAgent.map { String($0.prefix(512)) }, requestId: request.requestId,
            traits: event.traits.mapValues(JSONValue.string))
    }
}
