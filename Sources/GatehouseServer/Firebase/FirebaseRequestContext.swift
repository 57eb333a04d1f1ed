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

import Hummingbird

/// Who calls a Firebase route: an app (API key, maybe an ID token in the body) or an
/// administrator (firebase-admin), as `FirebaseCallerMiddleware` decided from `Authorization`.
enum FirebaseCaller: Sendable, Equatable {
    case client
    case admin(FirebaseAdminCredential)

    var isAdmin: Bool { self != .client }
}

/// How an administrator proved it.
enum FirebaseAdminCredential: Sendable, Equatable {
    /// A service-role JWT, as for GoTrue's admin API.
    case serviceRole
    /// firebase-admin's emulator credential `Bearer owner`: development on a loopback listener only.
    case owner
}

/// Which of the three addressing forms a request came by.
enum FirebaseAddressing: Sendable, Equatable {
    /// `/www.googleapis.com/identitytoolkit/v3/relyingparty/<rpc>` (the iOS SDK).
    case v3
    /// `/identitytoolkit.googleapis.com/v1/accounts:<rpc>` (REST and JS clients).
    case v1
    /// `/identitytoolkit.googleapis.com/v1/projects/<project>/accounts…` (firebase-admin).
    case project
    /// `/identitytoolkit.googleapis.com/v2/accounts/<rpc>` (the SDKs' multi-factor sign-in).
    case v2
    /// `/securetoken.googleapis.com/v1/token`.
    case secureToken
}

/// The context of a Firebase route's handler: what the Firebase route list's middleware
/// learned before it (the caller's rights, the API key, the RPC the path names). A Hummingbird
/// child context of `GatehouseRequestContext`, so the Firebase handlers cannot be mounted
/// without that middleware in front.
struct FirebaseRequestContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    let client: ClientInfo
    /// Set by `FirebaseCallerMiddleware`.
    var caller: FirebaseCaller = .client
    /// The API key presented (`key=` or `X-Goog-Api-Key`), set by `FirebaseAPIKeyMiddleware`.
    var apiKey: String?
    /// The RPC the path names, set by `FirebaseRPCMiddleware`.
    var rpc: FirebaseRPC?
    /// How the request was addressed, set by `FirebaseRPCMiddleware`.
    var addressing: FirebaseAddressing = .v1

    init(context: GatehouseRequestContext) throws {
        self.coreContext = context.coreContext
        self.client = context.client
    }

    /// 1 MiB, as for every route.
    var maxUploadSize: Int { 1 << 20 }
}
