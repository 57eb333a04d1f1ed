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

/// What an audit entry records. GoTrue's action names where GoTrue logs the same event
/// (`login`, `logout`, `user_signedup`, `user_recovery_requested`, …), our own for the events it
/// does not log (failed sign-ins, mail delivery, rejected links).
enum AuditAction: String, Sendable, CaseIterable {
    // Accounts.
    case userSignedUp = "user_signedup"
    case userRepeatedSignUp = "user_repeated_signup"
    case userInvited = "user_invited"
    case userCreated = "user_created"
    case userImported = "user_imported"
    case userModified = "user_modified"
    case userDeleted = "user_deleted"
    case userBanned = "user_banned"
    case userUnbanned = "user_unbanned"
    case passwordChanged = "user_updated_password"
    case emailChangeRequested = "user_email_change_requested"
    case emailChanged = "user_email_changed"
    case identityLinked = "identity_linked"
    case identityUnlinked = "identity_unlinked"
    // Signing in and out.
    case login = "login"
    case loginFailed = "login_failed"
    case refreshTokenReused = "token_reuse_detected"
    case logout = "logout"
    case sessionsRevoked = "token_revoked"
    // Recovery and the links and codes that emails carry.
    case recoveryRequested = "user_recovery_requested"
    case confirmationRequested = "user_confirmation_requested"
    case linkGenerated = "generate_link"
    case magicLinkRequested = "user_magiclink_requested"
    case tokenRedeemed = "token_redeemed"
    case tokenRejected = "token_rejected"
    // Mail delivery (the outbox worker).
    case emailSent = "email_sent"
    case emailSkipped = "email_skipped"
    case emailDeferred = "email_deferred"
    case emailBounced = "email_bounced"
    case emailDead = "email_dead"
    // The admin console's mail page (an operator's actions).
    case emailRetried = "email_retried"
    case emailTestQueued = "email_test_queued"
    // Second factors and passkeys.
    case factorEnrolled = "factor_enrolled"
    case factorVerified = "factor_verified"
    case factorRemoved = "factor_unenrolled"
    case passkeyCreated = "passkey_created"
    case passkeyUpdated = "passkey_updated"
    case passkeyDeleted = "passkey_deleted"
    // The admin console's operators (`gatehouse users promote|demote`).
    case superAdminGranted = "super_admin_granted"
    case superAdminRevoked = "super_admin_revoked"
}
