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
import GatehouseFeatures
import GatehouseTestSupport
import Testing

/// Common passwords in the feature models: the server refuses a common password (`weak_password`,
/// reason `pwned`) and the model shows "This password is too common. Choose another."
@MainActor
@Suite("Common passwords in the feature models")
struct CommonPasswordModelTests {
    @Test func signUpWithACommonPasswordShowsTheText() async throws {
        try await withLiveServer { server in
            let model = SignUpModel(auth: server.client())
            model.email = uniqueEmail()
            model.password = "password123"
            await model.submit()
            #expect(model.phase == .form)
            #expect(model.errorMessage == UserFacingText.passwordTooCommon)
            #expect(model.errorMessage == "This password is too common. Choose another.")
        }
    }
}
