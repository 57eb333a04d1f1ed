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

/// Spec 004's response model, parsed as its backward-compatible parser does: `message` is
/// required; the status is `success` (new API) or `user_exist_status` (legacy); the v2 fields are
/// optional. Accepts the `{success, data: {…}}` envelope or the inner object alone.
public struct ForgotPasswordResponse: Sendable, Equatable {
    public let message: String
    public let status: Bool
    public let resetMethod: String?
    public let resetLinkSent: Bool?
    public let linkExpiresIn: Int?
    /// Whether the status came from the legacy `user_exist_status` field.
    public let isLegacy: Bool

    public init?(values: [String: JSONValue]) {
        guard let message = values["message"]?.stringValue else { return nil }
        if let status = values["success"]?.boolValue {
            self.status = status
            isLegacy = false
        } else if let status = values["user_exist_status"]?.boolValue {
            self.status = status
            isLegacy = true
        } else {
            return nil
        }
        self.message = message
        resetMethod = values["reset_method"]?.stringValue
        resetLinkSent = values["reset_link_sent"]?.boolValue
        if case .number(let seconds)? = values["link_expires_in"], seconds.rounded() == seconds {
            linkExpiresIn = Int(seconds)
        } else {
            linkExpiresIn = nil
        }
    }

    /// Parses a response body; nil when it fits neither shape.
    public init?(data: Data) {
        guard let object = (try? JSONDecoder().decode(JSONValue.self, from: data))?.objectValue else { return nil }
        if let inner = object["data"]?.objectValue {
            self.init(values: inner)
        } else {
            self.init(values: object)
        }
    }
}
