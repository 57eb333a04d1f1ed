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

/// Firebase's action URL with `mode=signIn` (an email sign-in link): the code is for the app, so
/// the page spends nothing and sends the browser on to the link's `continueUrl` (checked against
/// the redirect allow-list again) with the link's `apiKey`, `oobCode`, `mode` and `lang`, as
/// Firebase's hosted handler does. There the app's `isSignInWithEmailLink` recognises the URL
/// and `signInWithEmailLink` uses the code.
enum FirebaseEmailLinkActionRedirect {
    /// Where the browser goes; nil without an allowed `continueUrl` (sign-in links always carry
    /// one, so only a link altered by hand or a narrowed allow-list has none).
    static func target(_ request: Request, continueURL: String?, code: String) -> String? {
        guard let continueURL, var target = URLComponents(string: continueURL) else { return nil }
        let query = request.uri.queryParameters
        var items = target.queryItems ?? []
        if let apiKey = query.get("apiKey"), !apiKey.isEmpty { items.append(URLQueryItem(name: "apiKey", value: apiKey)) }
        items.append(URLQueryItem(name: "oobCode", value: code))
        items.append(URLQueryItem(name: "mode", value: FirebaseOobRequestType.emailSignIn.mode))
        let lang = query.get("lang") ?? ""
        items.append(URLQueryItem(name: "lang", value: lang.isEmpty ? "en" : lang))
        target.queryItems = items
        return target.string
    }
}
