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
import GatehouseClient
import GatehouseCore
import GatehouseTestSupport
import Testing

/// Common passwords in the SDK: GoTrue's `weak_password` with the reason `pwned`, and Firebase's
/// `WEAK_PASSWORD : <GoTrue's text>`, both read as "This password is too common. Choose another."
@Suite("Common passwords in the SDK")
struct CommonPasswordErrorTests {
    @Test func updatePasswordToACommonOneIsPwned() async throws {
        try await withLiveServer { server in
            let client = try await server.signedInClient(email: uniqueEmail())
            let refused = await #expect(throws: AuthClientError.self) { try await client.updatePassword("password123") }
            #expect(refused?.apiError?.code == .weakPassword)
            #expect(refused?.apiError?.weakPasswordReasons == ["pwned"])
            #expect(refused?.userFacingMessage == UserFacingText.passwordTooCommon)
        }
    }

    @Test func firebaseWeakPasswordWithGoTruesTextIsTooCommon() async throws {
        let message = "WEAK_PASSWORD : " + String(PasswordCheck.tooCommonMessage.dropLast())
        let server = ScriptedFirebase.server(["signUp": ScriptedFirebase.error(message)])
        let client = ScriptedFirebase.client(server, clock: FixedClock())
        let error = await #expect(throws: AuthClientError.self) {
            try await client.signUp(email: "a@example.com", password: "password123", data: nil, redirectTo: nil)
        }
        #expect(error?.userFacingMessage == UserFacingText.passwordTooCommon)
    }
}
