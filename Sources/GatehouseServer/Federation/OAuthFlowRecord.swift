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

/// Where a provider sign-in of the web redirect flow ends once the provider answered.
enum OAuthFlowTarget: Sendable, Equatable {
    /// GoTrue's `/authorize`: the app at the flow's `redirect_to` gets a session in the fragment,
    /// or with PKCE a code for `/token?grant_type=pkce`.
    case app
    /// GoTrue's `/user/identities/authorize`: the identity joins this signed-in account, then the
    /// app is answered as for `app`.
    case link(UUID)
    /// The server's own pages ("Continue with …"): the browser gets a cookie session.
    case webSession
    /// The account page's "Link …": the identity joins the page's signed-in account.
    case webLink(UUID)

    /// Whether the flow was started by the server's pages (its failures are told there).
    var isWeb: Bool {
        switch self {
        case .webSession, .webLink: true
        case .app, .link: false
        }
    }
}

/// One pending flow, from `/authorize` to its `/callback`. The state and the browser's binding
/// are kept as SHA-256 digests only; the nonce and the PKCE verifier sent to the provider are
/// kept as made, since the callback needs them and they are worthless without the provider's code.
struct OAuthFlowRecord: Sendable, Equatable {
    var stateHash: String
    var browserHash: String
    var provider: String
    /// The raw nonce: the provider was sent its SHA-256, which the ID token must carry.
    var nonce: String
    /// The PKCE verifier of the provider's code; nil for a provider that takes none (Apple).
    var codeVerifier: String?
    /// The app's target, already checked against the redirect policy.
    var redirectTo: String
    /// The app's own PKCE challenge (`code_challenge`): the flow ends with a code for it.
    var clientChallenge: PKCEChallenge?
    var target: OAuthFlowTarget
    var createdAt: Timestamp
}
