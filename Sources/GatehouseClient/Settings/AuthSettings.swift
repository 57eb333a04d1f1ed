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

/// GoTrue's public `GET /settings` (GatehouseCore's wire type, the one the server sends).
public typealias AuthSettings = SettingsPayload

extension GoTrueAPI {
    func settings() async throws -> AuthSettings {
        try await http.decode(AuthSettings.self, from: builder.request("GET", "settings"))
    }
}

extension AuthClient {
    /// `GET /settings`: the server's public configuration.
    public func settings() async throws -> AuthSettings {
        try await api.settings()
    }

    /// The configured lifetime of emailed links, when the server publishes it (nil otherwise,
    /// or when it cannot be asked): best-effort, it only adds a line to the page.
    public func emailLinkLifetime() async -> Int? {
        (try? await settings())?.mailerOtpExp
    }
}
