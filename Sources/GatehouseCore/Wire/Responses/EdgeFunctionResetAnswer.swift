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

/// Spec 003's answer from `POST /functions/v1/send-reset-email`: `{"success": true, "message"}`,
/// or `{"success": false, "error"}`. Absent fields are not sent.
public struct EdgeFunctionResetAnswer: Codable, Sendable, Equatable {
    public var success: Bool
    public var message: String?
    public var error: String?

    public init(success: Bool, message: String? = nil, error: String? = nil) {
        self.success = success
        self.message = message
        self.error = error
    }
}
