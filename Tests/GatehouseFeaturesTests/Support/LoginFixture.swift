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

import GatehouseFeatures
import Logging

/// A login page over a stub client and a manual clock, shared by the login suites.
@MainActor
protocol LoginFixture {
    var auth: StubAuthClient { get }
    var clock: ManualClock { get }
}

extension LoginFixture {
    func model(reason: String? = nil, reachable: Bool = true, logger: Logger = Logger(label: "test")) -> LoginModel {
        LoginModel(auth: auth, clock: clock, reason: reason, reachability: FixedReachability(reachable: reachable), logger: logger)
    }

    /// A model with both fields filled and blurred (validated), ready to submit.
    func filled(
        _ email: String = "user@example.com", _ password: String = "password123", reachable: Bool = true,
        logger: Logger = Logger(label: "test")
    ) -> LoginModel {
        let model = model(reachable: reachable, logger: logger)
        model.email = email
        model.didBlur(.email)
        model.password = password
        model.didBlur(.password)
        return model
    }
}
