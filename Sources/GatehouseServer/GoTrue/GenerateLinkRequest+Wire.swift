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

/// `POST /admin/generate_link`'s body, as GoTrue names its fields.
extension GenerateLinkRequest: Decodable {
    enum CodingKeys: String, CodingKey {
        case type, email, password, data
        case newEmail = "new_email"
        case redirectTo = "redirect_to"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            type: try container.decodeIfPresent(String.self, forKey: .type),
            email: try container.decodeIfPresent(String.self, forKey: .email),
            password: try container.decodeIfPresent(String.self, forKey: .password),
            data: try container.decodeIfPresent([String: JSONValue].self, forKey: .data),
            newEmail: try container.decodeIfPresent(String.self, forKey: .newEmail),
            redirectTo: try container.decodeIfPresent(String.self, forKey: .redirectTo))
    }
}
