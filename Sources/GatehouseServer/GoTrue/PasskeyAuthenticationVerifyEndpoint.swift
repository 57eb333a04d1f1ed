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

/// `POST /passkeys/authentication/verify` `{"challenge_id","credential"}`: signs in and answers
/// the session exactly as `/token` does.
struct PasskeyAuthenticationVerifyEndpoint {
    let service: GatehouseServices

    struct Body: Decodable {
        var challengeId: String?
        var credential: AuthenticationCredential?

        enum CodingKeys: String, CodingKey {
            case credential
            case challengeId = "challenge_id"
        }
    }

    func verify(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        let signedIn = try await service.passkeys.signIn(challengeId: body.challengeId, credential: body.credential, client: context.client)
        return JSONBody.response(SessionPayload(signedIn.session))
    }
}
