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

extension LoginModel {
    /// The error summary's second line (spec 002 §6 "Form-Level Error": "Invalid email or
    /// password / Please check and try again"), where the spec gives one.
    public var errorDetail: String? {
        guard let message = errorMessage, message == UserFacingText.invalidCredentials else { return nil }
        return UserFacingText.checkAndTryAgain
    }

    /// Whether the error summary offers "Retry" (spec 002 §8: timeout, no internet, network and
    /// server errors). Wrong credentials are re-entered instead; a malformed request is not
    /// retried ("suggest closing and reopening app"); a rate limit waits out its countdown.
    public var offersRetry: Bool {
        guard !isRateLimited, let message = errorMessage else { return false }
        return Self.retryableTexts.contains(message)
    }

    static let retryableTexts: Set<String> = [
        UserFacingText.connectionTimedOut, UserFacingText.noInternetConnection,
        UserFacingText.networkError, UserFacingText.serverError,
    ]
}
