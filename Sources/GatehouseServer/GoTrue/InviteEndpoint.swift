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

/// `POST /invite` (admin; GoTrue's route, outside `/admin`) and `POST /admin/invite` (where
/// supabase-swift's `admin.inviteUserByEmail` sends it): creates the account and emails the
/// invitation; answers the user.
struct InviteEndpoint {
    let service: GatehouseServices

    func invite(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(InviteRequest.self, from: request, context: context)
        let user = try await service.accounts.invite(email: body.email, data: body.data, redirectTo: request.redirectTo)
        return JSONBody.response(user.payload)
    }
}
