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

extension AccountService {
    /// Refuses a metadata object larger than `maximumMetadataBytes` as stored (compact JSON):
    /// `user_metadata` and `app_metadata` are copied into every access token, so unbounded
    /// metadata makes every token, and every request carrying one, unbounded.
    func checkMetadataSize(_ object: [String: JSONValue], field: String) throws(AuthError) {
        let limit = configuration.maximumMetadataBytes
        guard JSONColumn.encode(object).utf8.count <= limit else {
            throw .validation("\(field) is too large: at most \(limit) bytes of JSON")
        }
    }
}
