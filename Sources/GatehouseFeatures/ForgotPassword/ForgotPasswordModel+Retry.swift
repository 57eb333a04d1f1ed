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

extension ForgotPasswordModel {
    /// Whether the error summary offers "Retry" (spec 000 §8: network errors and timeouts). A
    /// rate limit waits out its countdown instead; an address the server refused is corrected.
    public var offersRetry: Bool {
        guard !isRateLimited, let message = errorMessage else { return false }
        return Self.retryableTexts.contains(message)
    }

    static let retryableTexts: Set<String> = [
        UserFacingText.ForgotPassword.connectionTimedOut, UserFacingText.ForgotPassword.noInternet,
        UserFacingText.ForgotPassword.networkError, UserFacingText.serverError,
    ]
}
