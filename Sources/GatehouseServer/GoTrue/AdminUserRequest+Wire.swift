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

/// `POST /admin/users` and `PUT /admin/users/{id}`'s body, as GoTrue names its fields. A field
/// Gatehouse does not know, or one of GoTrue's it cannot honour, is refused naming the field:
/// an import must not lose data silently.
extension AdminUserRequest: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, email, password, role
        case passwordHash = "password_hash"
        case emailConfirm = "email_confirm"
        case userMetadata = "user_metadata"
        case appMetadata = "app_metadata"
        case banDuration = "ban_duration"
    }

    /// GoTrue's admin fields that Gatehouse cannot honour, with why: refused rather than ignored.
    static let unsupportedFields: [String: String] = [
        "phone": "phone accounts are not supported",
        "phone_confirm": "phone accounts are not supported",
        "aud": "the audience is always \"authenticated\"",
    ]

    init(from decoder: any Decoder) throws {
        let present = try decoder.container(keyedBy: FieldName.self).allKeys.map(\.stringValue)
        for name in present.sorted() where CodingKeys(rawValue: name) == nil {
            if let why = Self.unsupportedFields[name] { throw AuthError.validation("Field \"\(name)\" is not supported: \(why)") }
            throw AuthError.validation("Unknown field \"\(name.prefix(64))\"")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeIfPresent(String.self, forKey: .id),
            email: try container.decodeIfPresent(String.self, forKey: .email),
            password: try container.decodeIfPresent(String.self, forKey: .password),
            passwordHash: try container.decodeIfPresent(String.self, forKey: .passwordHash),
            emailConfirm: try container.decodeIfPresent(Bool.self, forKey: .emailConfirm),
            userMetadata: try container.decodeIfPresent([String: JSONValue].self, forKey: .userMetadata),
            appMetadata: try container.decodeIfPresent([String: JSONValue].self, forKey: .appMetadata),
            banDuration: try container.decodeIfPresent(String.self, forKey: .banDuration),
            role: try container.decodeIfPresent(String.self, forKey: .role)
        )
    }

    /// Any key of the body, to find the ones `CodingKeys` does not name.
    private struct FieldName: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
