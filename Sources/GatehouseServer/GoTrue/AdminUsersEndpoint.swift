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

import GatehouseCore
import Hummingbird

/// The admin API: `POST/GET /admin/users`, `GET/PUT/DELETE /admin/users/{id}`, for a
/// `service_role` token.
struct AdminUsersEndpoint {
    let service: GatehouseServices

    struct UserList: Encodable {
        var users: [UserPayload]
        var aud = "authenticated"
    }

    func create(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(AdminUserRequest.self, from: request, context: context)
        return JSONBody.response(try await service.accounts.adminCreateUser(body).payload)
    }

    func list(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let paging = try AdminUsersPaging(request)
        let result = try await service.accounts.adminListUsers(page: paging.page, perPage: paging.perPage)
        let headers = paging.headers(for: request, total: result.total)
        return try JSONBody.response(UserList(users: result.users.map(\.payload)), headers: headers)
    }

    func show(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        return JSONBody.response(try await service.accounts.adminUser(id: id).payload)
    }

    func update(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let body = try await JSONBody.decode(AdminUserRequest.self, from: request, context: context)
        return JSONBody.response(try await service.accounts.adminUpdateUser(id: id, with: body).payload)
    }

    func delete(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let body = try await JSONBody.decode(AdminDeleteUserRequest.self, from: request, context: context)
        if body.shouldSoftDelete == true {
            try await service.accounts.adminSoftDeleteUser(id: id)
        } else {
            try await service.accounts.adminDeleteUser(id: id)
        }
        return JSONBody.response(EmptyObject())
    }
}
