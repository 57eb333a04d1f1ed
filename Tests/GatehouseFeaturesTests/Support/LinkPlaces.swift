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
import GatehouseTestSupport

extension LiveServer {
    /// Where the test server's links lead: its own reset page (whose links carry no `type`: they
    /// are recoveries) and the app's deep link the redirect tests use.
    var linkPlaces: [AllowedLink] {
        [
            AllowedLink(baseURL.appendingPathComponent("reset-password"), impliedType: .recovery),
            AllowedLink(URL(string: "gatehouse://reset")!),
        ]
    }
}
