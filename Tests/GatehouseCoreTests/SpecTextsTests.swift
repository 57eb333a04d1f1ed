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
import Testing

/// The specs' texts, verbatim, as the models and views show them.
@Suite("UserFacingText: the specs' exact words")
struct SpecTextsTests {
    @Test func rateLimits() {
        // Spec 002 §2/§8, X from Retry-After; spec 000 §2/§8.
        #expect(UserFacingText.tooManyLoginAttempts(retryAfterSeconds: 600) == "Too many login attempts. Please try again in 10 minutes.")
        #expect(UserFacingText.tooManyResetRequests(retryAfterSeconds: 3600) == "Too many reset requests. Try again in 1 hour.")
    }

    @Test func spec002Section8() {
        #expect(UserFacingText.connectionTimedOut == "Connection timed out. Check your network and try again.")
        #expect(UserFacingText.noInternetConnection == "No internet connection. Check your network.")
        #expect(UserFacingText.serverError == "Server error. Please try again later.")
        #expect(UserFacingText.invalidRequest == "Invalid request. Please try again.")
        #expect(UserFacingText.emailNotConfirmed == "Please verify your email. Check your inbox for a verification link.")
        #expect(UserFacingText.sessionTimedOut == "You were logged out due to inactivity. Please log in again.")
        #expect(UserFacingText.checkAndTryAgain == "Please check and try again")
    }

    @Test func spec000Section8() {
        #expect(UserFacingText.ForgotPassword.connectionTimedOut == "Connection timed out. Please check your connection.")
        #expect(UserFacingText.ForgotPassword.noInternet == "No internet connection. Please try again.")
        #expect(UserFacingText.ForgotPassword.networkError == "Network error. Please check your connection.")
        #expect(UserFacingText.alreadySentCheckInbox == "Already sent, check inbox")
        #expect(UserFacingText.emailSentAgain == "Email sent again")
        #expect(UserFacingText.ForgotPassword.validating == "Validating...")
    }

    @Test func spec003Fallback() {
        #expect(UserFacingText.ForgotPassword.failedToSend == "Failed to send reset email")
    }

    @Test func loginLayout() {
        #expect(UserFacingText.newHere(product: UserFacingText.Login.productName) == "New to Gatehouse?")
        #expect(UserFacingText.Login.resendVerification == "Resend verification email")
    }
}
