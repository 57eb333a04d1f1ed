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

/// Where the request being served came from, for the audit entries its services write.
///
/// Carried in a task-local value rather than a parameter: dozens of service operations write
/// entries, and threading the client's address, agent, request id and (for the admin API) the
/// acting admin through each of their signatures would couple every service to HTTP details it
/// has no other use for. `AuditRequestMiddleware` sets it for every request; the admin
/// middleware adds the actor. Background work (the outbox worker) runs without one and writes
/// `AuditRequest.background`.
struct AuditRequest: Sendable {
    var ipAddress: String
    var userAgent: String?
    var requestId: String?
    var actor: String?

    static let background = AuditRequest(ipAddress: "", userAgent: nil, requestId: nil, actor: nil)

    @TaskLocal static var current: AuditRequest = .background
}
