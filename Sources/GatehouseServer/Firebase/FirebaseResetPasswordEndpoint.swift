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

/// `resetPassword` (v3 and v1). `{oobCode}` alone only says what the code is (the SDKs'
/// `verifyPasswordResetCode` and `checkActionCode`), spending nothing; `{oobCode, newPassword}`
/// resets through the recovery service (password rules, the code spent, the address verified,
/// every refresh token revoked, `validSince` moved) and returns no tokens. Both answer `email`
/// and `requestType`: the iOS SDK crashes (`fatalError`) on an answer without `email`.
struct FirebaseResetPasswordEndpoint: Sendable {
    let service: GatehouseServices

    struct Body: Decodable {
        var oobCode: String?
        var newPassword: String?
    }

    struct Answer: Encodable {
        var kind = "identitytoolkit#ResetPasswordResponse"
        /// Left out for an email sign-in code, as Google does: the app asks the person for it.
        var email: String?
        var requestType: String
    }

    func reset(_ request: Request, _ context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        let code = try FirebaseOobCodeAnswer.code(body.oobCode)
        let state: FirebaseOobCodeState
        if let newPassword = body.newPassword, !newPassword.isEmpty {
            state = try await service.recovery.resetPasswordWithFirebaseOob(code, newPassword: newPassword)
        } else {
            state = try await service.recovery.inspectFirebaseOobCode(code)
        }
        let found = try FirebaseOobCodeAnswer.usable(state)
        var answer = Answer(email: found.email, requestType: found.requestType.rawValue)
        if found.requestType == .emailSignIn { answer.email = nil }
        return try JSONBody.response(answer)
    }
}

/// How the adapter answers a code: present, and usable, or Firebase's name for why not.
enum FirebaseOobCodeAnswer {
    static func code(_ raw: String?) throws -> String {
        guard let raw, !raw.isEmpty else { throw FirebaseError.named("MISSING_OOB_CODE") }
        // Ours are 43 characters; anything far longer is nobody's code (and is not hashed).
        guard raw.utf8.count <= 512 else { throw FirebaseError.named("INVALID_OOB_CODE") }
        return raw
    }

    static func usable(_ state: FirebaseOobCodeState) throws -> FirebaseOobCode {
        switch state {
        case .usable(let found): return found
        case .invalid: throw FirebaseError.named("INVALID_OOB_CODE")
        case .expired: throw FirebaseError.named("EXPIRED_OOB_CODE")
        case .disabled: throw FirebaseError.named("USER_DISABLED")
        }
    }
}
