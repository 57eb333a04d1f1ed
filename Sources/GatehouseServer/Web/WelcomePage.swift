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

import GatehouseCore
import Hummingbird

/// `/`: where the login page's "← Back to Welcome" goes — sign in or create an account, or, when
/// signed in, the way to the account page.
struct WelcomePage {
    let web: WebContext

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        var values: [String: Any] = [
            "subtitle": UserFacingText.welcomeSubtitle, "signIn": UserFacingText.Login.signIn,
            "createAccount": UserFacingText.SignUp.create, "accountLabel": UserFacingText.Account.title,
        ]
        if case .signedIn(let caller, _) = try web.signIn(context) {
            values["signedIn"] = true
            values["signedInText"] = UserFacingText.Account.signedInAs + " " + caller.user.email
        }
        return .page(WebPage(template: "welcome", title: UserFacingText.welcomeTitle, values: values))
    }
}
