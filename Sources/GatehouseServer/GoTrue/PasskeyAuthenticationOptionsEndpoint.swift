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

/// `POST /passkeys/authentication/options`: a sign-in challenge for anyone, behind the `passkey`
/// rate limit. The body is ignored (supabase-js sends `{"gotrue_meta_security":{}}`,
/// supabase-swift nothing; this server has no CAPTCHA).
struct PasskeyAuthenticationOptionsEndpoint {
    let service: GatehouseServices

    func start(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let challenge = try await service.passkeys.authenticationOptions()
        return try JSONBody.response(PasskeyChallengePayload(challenge))
    }
}
