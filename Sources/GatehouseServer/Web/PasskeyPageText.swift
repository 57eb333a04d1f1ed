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

/// The web pages' passkey texts, in the specs' voice (short sentences that say what happened and
/// what to do next; buttons name their action). Kept with the pages: the apps' feature models
/// have their own wording for the platform's passkey sheet.
enum PasskeyPageText {
    // Login page.
    static let signIn = "Sign in with a passkey"
    static let signingIn = "Signing in..."
    static let signInFailed = "We couldn't sign you in with that passkey. Try again or use your password."
    static let signInCancelled = "Signing in with a passkey was cancelled. Try again or use your password."
    static let signInExpired = "That passkey request expired. Try again."

    // Account page.
    static let title = "Passkeys"
    static let explanation = "Sign in with your fingerprint, face or device PIN instead of your password."
    static let none = "You have no passkeys yet."
    static let createdLabel = "Added"
    static let lastUsedLabel = "Last used"
    static let neverUsed = "Never"
    static let add = "Add a passkey"
    static let adding = "Adding..."
    static let needsScript = "Adding a passkey needs JavaScript in your browser."
    static let added = "Your passkey was added. You can use it to sign in."
    static let addFailed = "We couldn't add that passkey. Try again."
    static let addCancelled = "The passkey was not added. Try again when you are ready."
    static let tooMany = "You have too many passkeys. Remove one first."
    static let alreadyAdded = "That passkey is already added."
    static let nameLabel = "Name"
    static let rename = "Rename"
    static let renaming = "Renaming..."
    static let renamed = "The passkey was renamed."
    static let nameRequired = "Enter a name for the passkey."
    static let nameTooLong = "That name is too long. Use a shorter one."
    static let remove = "Remove"
    static let removing = "Removing..."
    static let cancel = "Cancel"
    static let removed = "The passkey was removed. It can no longer sign you in."
    static let notFound = "That passkey no longer exists."
    static let anonymous = "Create an account with an email address before adding a passkey."

    static func confirmRemoval(_ name: String) -> String {
        "Remove “\(name)”? You will no longer be able to sign in with it."
    }
}
