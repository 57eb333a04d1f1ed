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
    /// A client of this server with memory storage, no background refresh, and the given flow.
    func client(
        flow: AuthFlowType = .implicit, storage: any SessionStorage = MemorySessionStorage(),
        transport: any HTTPTransport = URLSessionTransport(), configure: (inout AuthClientConfiguration) -> Void = { _ in }
    ) -> AuthClient {
        var configuration = AuthClientConfiguration(url: authURL, storage: storage)
        configuration.flowType = flow
        configuration.autoRefreshToken = false
        configuration.transport = transport
        configuration.allowedLinks = linkPlaces
        configure(&configuration)
        return AuthClient(configuration: configuration)
    }

    /// A confirmed account (autoconfirm is on) and a client signed in to it.
    func signedInClient(
        email: String = uniqueEmail(), password: String = testPassword, flow: AuthFlowType = .implicit,
        storage: any SessionStorage = MemorySessionStorage(), transport: any HTTPTransport = URLSessionTransport(),
        configure: (inout AuthClientConfiguration) -> Void = { _ in }
    ) async throws -> AuthClient {
        let client = client(flow: flow, storage: storage, transport: transport, configure: configure)
        _ = try await client.signUp(email: email, password: password)
        return client
    }
}
