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

/// The clients one backend needs: one that signs in and redeems reset links, one that sends the
/// reset email.
public struct ExampleServices: Sendable {
    public let auth: any AuthClientProtocol
    public let reset: any PasswordResetService

    public init(auth: any AuthClientProtocol, reset: any PasswordResetService) {
        self.auth = auth
        self.reset = reset
    }

    /// - Parameter storage: where a remembered session is kept (the Keychain on a device).
    public init(configuration: ExampleConfiguration, storage: any SessionStorage) {
        let server = configuration.serverURL
        switch configuration.backend {
        case .firebase:
            let endpoints = FirebaseEndpoints.server(baseURL: server, apiKey: configuration.firebaseAPIKey)
            var firebase = FirebaseAuthConfiguration(endpoints: endpoints, storage: storage)
            firebase.continueURL = configuration.redirectURL
            auth = FirebaseAuthClient(configuration: firebase)
            reset = FirebaseResetService(endpoints: endpoints, continueURL: configuration.redirectURL)
        case .gotrue, .edgeFunction, .rest:
            let client = Self.goTrueClient(configuration: configuration, storage: storage)
            auth = client
            switch configuration.backend {
            case .edgeFunction: reset = EdgeFunctionResetService(baseURL: server)
            case .rest: reset = RESTResetService(baseURL: server.appendingPathComponent("api/"))
            default: reset = GoTrueResetService(client: client, redirectTo: configuration.redirectURL)
            }
        }
    }

    /// GoTrue at the server's root, taking the app's reset link and the server's own
    /// `/reset-password` page (a universal link) back.
    static func goTrueClient(configuration: ExampleConfiguration, storage: any SessionStorage) -> AuthClient {
        var settings = AuthClientConfiguration(url: configuration.serverURL, storage: storage)
        settings.redirectURL = configuration.redirectURL
        settings.allowedLinks = [
            AllowedLink(configuration.serverURL.appendingPathComponent("reset-password"), impliedType: .recovery)
        ]
        return AuthClient(configuration: settings)
    }
}
