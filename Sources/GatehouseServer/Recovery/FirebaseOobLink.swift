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

/// The out-of-band codes Firebase's `sendOobCode` hands out that this server serves: a password
/// reset, an address verification and an email sign-in link. Each is one of our one-time
/// tokens (hashed, single-use, `GATEHOUSE_OTP_EXPIRY`, only the newest works), so GoTrue's and
/// Firebase's emails for one address replace each other and share the address's send window.
enum FirebaseOobRequestType: String, Codable, Sendable {
    case passwordReset = "PASSWORD_RESET"
    case verifyEmail = "VERIFY_EMAIL"
    /// An email link that signs in (`signInWithEmailLink`): a magic link's token.
    case emailSignIn = "EMAIL_SIGNIN"

    /// The token purpose that backs the code.
    var purpose: TokenPurpose {
        switch self {
        case .passwordReset: .recovery
        case .verifyEmail: .signup
        case .emailSignIn: .magiclink
        }
    }

    /// The send window the request counts against: the same as `/recover`'s and `/resend`'s.
    var windowKind: EmailRequestKind {
        switch self {
        case .passwordReset: .recovery
        case .verifyEmail: .signupConfirmation
        case .emailSignIn: .recovery
        }
    }

    /// The `mode` of Firebase's action URL.
    var mode: String {
        switch self {
        case .passwordReset: "resetPassword"
        case .verifyEmail: "verifyEmail"
        case .emailSignIn: "signIn"
        }
    }

    /// The request type a code of `purpose` answers to; nil for the purposes Firebase has no
    /// out-of-band code for (invitations, email changes), whose tokens are not oobCodes.
    init?(purpose: TokenPurpose) {
        switch purpose {
        case .recovery: self = .passwordReset
        case .signup: self = .verifyEmail
        case .magiclink: self = .emailSignIn
        default: return nil
        }
    }
}

/// Where a Firebase email's link leads: Firebase's action URL, served by this server
/// (`<external>/__/auth/action?mode=…&oobCode=…&apiKey=…&lang=en[&continueUrl=…]`), so custom
/// action handlers that read `mode` and `oobCode` work unchanged. Carried by the outbox job (no
/// secret in it: the code is minted when the email is sent).
struct FirebaseActionLink: Codable, Sendable, Equatable {
    var requestType: FirebaseOobRequestType
    /// Already checked against the redirect allow-list by the adapter.
    var continueUrl: String?
    /// The API key the request came with, as Firebase puts the project's key in its links.
    var apiKey: String?
    var lang = "en"

    static let path = "/__/auth/action"

    func url(externalURL: String, oobCode: String) -> String {
        var query = [("mode", requestType.mode), ("oobCode", oobCode)]
        if let apiKey, !apiKey.isEmpty { query.append(("apiKey", apiKey)) }
        query.append(("lang", lang))
        if let continueUrl { query.append(("continueUrl", continueUrl)) }
        let encoded = query.map { name, value in
            name + "=" + value.percentEncodedQueryValue
        }
        return externalURL + Self.path + "?" + encoded.joined(separator: "&")
    }
}
