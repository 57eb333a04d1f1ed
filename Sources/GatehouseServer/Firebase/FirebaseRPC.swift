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
import Hummingbird

/// One Identity Toolkit RPC: its v1 name (`signUp`, `lookup`, …), the request budget it spends
/// (declared in the route list) and its handler.
struct FirebaseRPC: Sendable {
    typealias Handler = @Sendable (Request, FirebaseRequestContext) async throws -> Response

    let name: String
    let limit: RateLimiter?
    let handler: Handler
}

/// The RPCs the adapter serves, by v1 name: the one place where a name meets its handler.
/// The route list (`FirebaseRoutes`) fills it; `FirebaseRPCMiddleware` looks names up in it.
struct FirebaseRPCTable: Sendable {
    private(set) var rpcs: [String: FirebaseRPC] = [:]

    /// Serves `name` (the v1 name; v3 names are translated by `FirebaseRPCTable.v1Name(v3:)`).
    mutating func register(_ name: String, limit: RateLimiter? = nil, _ handler: @escaping FirebaseRPC.Handler) {
        rpcs[name] = FirebaseRPC(name: name, limit: limit, handler: handler)
    }

    func rpc(named name: String) -> FirebaseRPC? { rpcs[name] }

    /// The v3 (`relyingparty/<name>`) names the iOS SDK uses, and their v1 names (the Auth
    /// emulator's `registerLegacyRoutes`).
    static let v3Names: [String: String] = [
        "signupNewUser": "signUp",
        "verifyPassword": "signInWithPassword",
        "verifyAssertion": "signInWithIdp",
        "getAccountInfo": "lookup",
        "setAccountInfo": "update",
        "deleteAccount": "delete",
        "getOobConfirmationCode": "sendOobCode",
        "resetPassword": "resetPassword",
        "uploadAccount": "batchCreate",
        "verifyCustomToken": "signInWithCustomToken",
        "emailLinkSignin": "signInWithEmailLink",
    ]

    /// The v2 (`v2/accounts/<name>`) RPCs the adapter serves, by the name they are registered
    /// under: only the v2 path reaches them.
    static let v2Names: Set<String> = ["mfaSignIn:start", "mfaSignIn:finalize"]

    /// The v1 name a request's path names, or nil for a path that names none.
    /// - v3: `relyingparty/<v3 name>`; v1 and project: the segment `accounts:<name>`
    ///   (the project form's bare `accounts` is firebase-admin's create, i.e. `signUp`);
    ///   v2: `accounts/<v2 name>`, the v2 names alone.
    static func v1Name(segment: String, addressing: FirebaseAddressing) -> String? {
        let segment = segment.removingPercentEncoding ?? segment
        switch addressing {
        case .v3:
            return v3Names[segment]
        case .v2:
            return v2Names.contains(segment) ? segment : nil
        case .v1, .project:
            if addressing == .project, segment == "accounts" { return "signUp" }
            guard segment.hasPrefix("accounts:") else { return nil }
            let name = String(segment.dropFirst("accounts:".count))
            return name.isEmpty || v2Names.contains(name) ? nil : name
        case .secureToken:
            return "token"
        }
    }
}
