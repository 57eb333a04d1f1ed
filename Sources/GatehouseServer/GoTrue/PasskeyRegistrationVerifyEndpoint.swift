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
import GatehouseWebAuthn
import Hummingbird

/// `POST /passkeys/registration/verify` `{"challenge_id","credential"}`: stores the new passkey
/// and answers `{"id","friendly_name","created_at"}`.
struct PasskeyRegistrationVerifyEndpoint {
    let service: GatehouseServices

    struct Body: Decodable {
        var challengeId: String?
        var credential: RegistrationCredential?

        enum CodingKeys: String, CodingKey {
            case credential
            case challengeId = "challenge_id"
        }
    }

    func verify(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        let added = try await service.passkeys.verifyRegistration(
            context.caller, challengeId: body.challengeId, credential: body.credential)
        return try JSONBody.response(PasskeyPayload(added))
    }
}
