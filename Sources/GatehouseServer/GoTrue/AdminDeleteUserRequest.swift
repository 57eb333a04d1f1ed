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

/// The body of `DELETE /admin/users/{id}`: supabase-py and supabase-swift always send it; an
/// empty body means a hard delete.
struct AdminDeleteUserRequest: Decodable, Sendable {
    var shouldSoftDelete: Bool?

    enum CodingKeys: String, CodingKey {
        case shouldSoftDelete = "should_soft_delete"
    }
}
