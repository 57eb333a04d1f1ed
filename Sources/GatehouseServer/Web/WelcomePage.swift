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
/// signed in, the way to the account page. It is also the site URL of a server without an app of
/// its own, so emailed links land here: what happened is said, from `?link=` (`WebLinkLanding`)
/// or, for GoTrue's error fragment, by the page's script.
struct WelcomePage {
    let web: WebContext

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        var values: [String: Any] = [
            "subtitle": UserFacingText.welcomeSubtitle, "signIn": UserFacingText.Login.signIn,
            "createAccount": UserFacingText.SignUp.create, "accountLabel": UserFacingText.Account.title,
        ]
        values.merge(LoginPage.linkErrorTexts) { current, _ in current }
        var email: String?
        if case .signedIn(let caller, _) = try web.signIn(context) {
            email = caller.user.email
            values["signedIn"] = true
            values["signedInText"] = UserFacingText.Account.signedInAs + " " + caller.user.email
        }
        switch WebLinkLanding.Mark(request) {
        case .invalid?:
            values["summary"] = LinkLandingText.invalid
            values["summaryDetail"] = LinkLandingText.invalidDetail
        case let mark?: values["notice"] = mark.text(signedInAs: email)
        case nil: break
        }
        return .page(WebPage(template: "welcome", title: UserFacingText.welcomeTitle, values: values))
    }
}
