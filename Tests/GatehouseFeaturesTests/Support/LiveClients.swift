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
    func client(flow: AuthFlowType = .implicit, storage: any SessionStorage = MemorySessionStorage()) -> AuthClient {
        var configuration = AuthClientConfiguration(url: authURL, storage: storage)
        configuration.flowType = flow
        configuration.autoRefreshToken = false
        configuration.allowedLinks = linkPlaces
        return AuthClient(configuration: configuration)
    }

    /// Creates a confirmed account (the server autoconfirms) and returns its address.
    func account(password: String = testPassword) async throws -> String {
        let email = uniqueEmail()
        _ = try await client().signUp(email: email, password: password)
        return email
    }
}
