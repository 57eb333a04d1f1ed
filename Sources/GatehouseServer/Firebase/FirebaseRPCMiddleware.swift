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
import Hummingbird

/// Finds the RPC a Firebase path names (404 in Firebase's shape for any other), checks the
/// project of firebase-admin's paths, then spends the RPC's request budget: a refused request
/// has nothing else of it read. Hands the RPC and the addressing form to the rest.
struct FirebaseRPCMiddleware: RouterMiddleware {
    typealias Context = FirebaseRequestContext
    let addressing: FirebaseAddressing
    let table: FirebaseRPCTable
    let projectId: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let segment = addressing == .secureToken ? "token" : (context.parameters.get("rpc") ?? "")
        guard let name = FirebaseRPCTable.v1Name(segment: segment, addressing: addressing), let rpc = table.rpc(named: name) else {
            throw FirebaseError.notFound
        }
        if addressing == .project {
            let project = context.parameters.get("project").map { $0.removingPercentEncoding ?? $0 }
            guard project == projectId else { throw FirebaseError.projectMismatch }
        }
        try await rpc.limit?.check(context.client.address)
        var context = context
        context.rpc = rpc
        context.addressing = addressing
        return try await next(request, context)
    }
}
