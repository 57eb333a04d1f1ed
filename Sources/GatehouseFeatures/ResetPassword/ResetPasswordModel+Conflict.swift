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

import GatehouseClient
import GatehouseCore

extension ResetPasswordModel {
    /// The SDK held the link's session back because another account is signed in: the page says
    /// whose link it is and waits for the person's choice.
    func holdConflict(_ conflict: LinkSessionConflict) {
        accountEmail = conflict.linkUser.email
        signedInEmail = conflict.signedInUser.email
        phase = .otherAccount
        let text = UserFacingText.ResetPassword.linkForOtherAccount(link: conflict.linkUser.email, signedIn: conflict.signedInUser.email)
        errorMessage = text
        signals.signal(.warning, announcing: text)
    }

    /// "Reset this account's password": the signed-in account is signed out on this device and
    /// the link's recovery session takes its place; the form follows.
    public func resetLinkAccount() async {
        await request.run { [self] in await adoptLinkSession() }
    }

    /// "Go back": the link's session is dropped and the signed-in account stays.
    public func keepSignedInAccount() async {
        guard phase == .otherAccount else { return }
        await auth.discardPendingLinkSession()
        destination = .back
    }

    private func adoptLinkSession() async {
        guard phase == .otherAccount else { return }
        phase = .verifying
        errorMessage = nil
        let auth = auth
        do {
            let session = try await withTimeout(requestTimeout, clock: clock) { try await auth.adoptPendingLinkSession() }
            adoptRecovery(session)
        } catch is CancellationError {
            phase = .otherAccount
        } catch {
            // The held session is gone (it expired, or the client restarted): the link is spent.
            phase = .invalidLink
            errorMessage = UserFacingText.resetLinkInvalid
            signals.signal(.error, announcing: errorMessage)
        }
    }
}

extension UserFacingText.ResetPassword {
    /// The reset page when the link is another account's than the signed-in one.
    public static func linkForOtherAccount(link: String, signedIn: String) -> String {
        "This reset link is for \(link), but \(signedIn) is signed in on this device."
    }

    /// The button that resets the link's account, signing the other out.
    public static func resetOtherAccount(_ link: String) -> String {
        "Sign out and reset the password for \(link)"
    }

    public static let keepSignedIn = "Go back"
}
