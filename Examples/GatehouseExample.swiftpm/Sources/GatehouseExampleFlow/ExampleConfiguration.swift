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

/// Where the example app's Gatehouse is and how its links come back: a local `gatehouse serve`
/// by default (http://localhost:9999, its development settings), the app's custom scheme for the
/// reset link.
public struct ExampleConfiguration: Sendable, Equatable {
    /// The server's root: Gatehouse answers GoTrue, Firebase, the Edge Function and REST there.
    public var serverURL: URL
    /// Where the reset email's link sends the person back into the app (the server must allow
    /// it: `GATEHOUSE_URI_ALLOW_LIST`).
    public var redirectURL: URL
    /// The Firebase Web API key (a development server takes any).
    public var firebaseAPIKey: String
    public var backend: ExampleBackend

    public init(
        serverURL: URL = ExampleConfiguration.localServer, redirectURL: URL = ExampleConfiguration.appLink,
        firebaseAPIKey: String = "example-api-key", backend: ExampleBackend = .gotrue
    ) {
        self.serverURL = serverURL
        self.redirectURL = redirectURL
        self.firebaseAPIKey = firebaseAPIKey
        self.backend = backend
    }

    public static let localServer = URL(string: "http://localhost:9999")!
    public static let appLink = URL(string: "gatehouse-example://reset-password")!

    /// The configuration with `GATEHOUSE_URL` and `GATEHOUSE_EXAMPLE_BACKEND` from the launch
    /// environment (Xcode's scheme editor), where set.
    public init(environment: [String: String]) {
        self.init()
        if let raw = environment["GATEHOUSE_URL"], let url = URL(string: raw), url.scheme == "http" || url.scheme == "https" {
            serverURL = url
        }
        if let raw = environment["GATEHOUSE_EXAMPLE_BACKEND"], let backend = ExampleBackend(rawValue: raw) {
            self.backend = backend
        }
    }
}
