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
import Hummingbird

/// `sendOobCode {requestType: EMAIL_SIGNIN}`: the SDKs' `sendSignInLinkToEmail`. The email's link
/// is Firebase's action URL with `mode=signIn`, the `oobCode`, the `apiKey` and the
/// `continueUrl`, which Firebase requires here (the app's page or universal link the action page
/// sends the browser on to, where the app finishes with `signInWithEmailLink`). The answer is
/// the same `{kind, email}` for every address; with admin rights and `returnOobLink`
/// (firebase-admin's `generate_sign_in_with_email_link`) the link is returned and nothing is sent.
struct FirebaseEmailLinkRequest: Sendable {
    let service: GatehouseServices

    func send(_ link: FirebaseActionLink, to email: EmailAddress, returnLink: Bool) async throws -> Response {
        guard link.continueUrl != nil else {
            throw FirebaseError.named("MISSING_CONTINUE_URI", "A continue URL must be provided in the request.")
        }
        guard returnLink else {
            try await service.accounts.requestEmailSignInLink(link, to: email)
            return try JSONBody.response(FirebaseOobEndpoint.Answer(email: email.normalized))
        }
        try await service.accounts.prepareEmailSignInAccount(email)
        guard let issued = try await service.recovery.issueFirebaseOobLink(link, for: email) else {
            throw FirebaseError.named("OPERATION_NOT_ALLOWED", "The address has no account and none could be made.")
        }
        return try JSONBody.response(FirebaseOobEndpoint.Answer(email: issued.email, oobCode: issued.oobCode, oobLink: issued.oobLink))
    }
}
