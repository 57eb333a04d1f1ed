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

extension UserFacingText {
    /// The account page's two-factor authentication section.
    public enum MFA {
        public static let title = "Two-factor authentication"
        public static let explanation =
            "Protect your account with a code from an authenticator app, asked for after your password."
        public static let noFactors = "Two-factor authentication is off."
        public static let verified = "Active"
        public static let unverified = "Not confirmed yet"
        public static let nameLabel = "Name (optional)"
        public static let defaultName = "Authenticator app"
        public static let enroll = "Set up an authenticator app"
        public static let enrolling = "Setting up..."
        public static let scanInstructions =
            "Scan this QR code with your authenticator app, or enter the key below, then type the 6-digit code it shows."
        public static let secretLabel = "Key"
        public static let codeLabel = "6-digit code"
        public static let confirm = "Confirm"
        public static let confirming = "Confirming..."
        public static let remove = "Remove"
        public static let removing = "Removing..."
        public static let qrLabel = "QR code for your authenticator app"
        public static let codeRequired = "Enter the 6-digit code from your authenticator app."
        public static let codeWrong = "That code is not right. Check the time on your device and try the newest code."
        public static let confirmed = "Two-factor authentication is on."
        public static let removed = "The authenticator app was removed."
        public static let needsSecondFactor = "Confirm a code from your authenticator app first."
        public static let nameTaken = "You already have an authenticator app with that name."
        public static let tooMany = "You have too many authenticator apps. Remove one first."
        public static let tooManyAttempts = "Too many codes were tried. Please wait before trying again."
        public static let expired = "That setup has expired. Start again."
    }
}
