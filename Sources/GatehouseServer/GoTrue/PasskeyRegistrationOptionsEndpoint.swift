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

/// `POST /passkeys/registration/options`: a registration challenge for the caller. The body is
/// ignored (supabase-js sends `{}`, supabase-swift nothing).
struct PasskeyRegistrationOptionsEndpoint {
    let service: GatehouseServices

    func start(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let challenge = try await service.passkeys.registrationOptions(context.caller)
        return try JSONBody.response(PasskeyChallengePayload(challenge))
    }
}
