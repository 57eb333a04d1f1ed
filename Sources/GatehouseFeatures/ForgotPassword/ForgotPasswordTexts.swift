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

extension UserFacingText.ForgotPassword {
    /// Spec 000 §6's subtitle of the success state, under "Check Your Email". The words claim
    /// nothing about the address, so every address gets them.
    public static let successSubtitle = "We've sent you a password reset link"
}
