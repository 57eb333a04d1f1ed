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

/// `accounts:update {oobCode}` / `setAccountInfo {oobCode}`: the SDKs' `applyActionCode`, for a
/// `VERIFY_EMAIL` code: spends it and marks the address verified. An update without `oobCode`
/// goes on to the update endpoint unchanged.
struct FirebaseOobApply: Sendable {
    let service: GatehouseServices

    struct Body: Decodable {
        var oobCode: String?
    }

    struct Answer: Encodable {
        var kind = "identitytoolkit#SetAccountInfoResponse"
        var localId: String
        var email: String
        var emailVerified = true
    }

    func apply(_ request: Request, _ context: FirebaseRequestContext, otherwise update: FirebaseRPC.Handler?) async throws -> Response {
        var request = request
        // Kept in the request, so the update endpoint reads the same body.
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        let probe = try? JSONDecoder().decode(Body.self, from: Data(buffer: buffer))
        guard let raw = probe?.oobCode else {
            guard let update else { throw FirebaseError.named("INVALID_REQ_TYPE", "Unsupported request parameters.") }
            return try await update(request, context)
        }
        let code = try FirebaseOobCodeAnswer.code(raw)
        let found = try FirebaseOobCodeAnswer.usable(try await service.recovery.applyFirebaseVerifyEmailCode(code))
        return try JSONBody.response(Answer(localId: found.firebaseUid ?? found.userId.lowercasedString, email: found.email))
    }
}
