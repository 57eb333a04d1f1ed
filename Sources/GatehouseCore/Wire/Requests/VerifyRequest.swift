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

/// The JSON body of `POST /verify`: a link's `token_hash`, or an emailed code (`token`) with
/// its `email`; `type` says which kind of link or code it is. All optional, as the server reads it.
public struct VerifyRequest: Codable, Sendable, Equatable {
    public var type: String?
    public var tokenHash: String?
    public var token: String?
    public var email: String?

    public init(type: String? = nil, tokenHash: String? = nil, token: String? = nil, email: String? = nil) {
        self.type = type
        self.tokenHash = tokenHash
        self.token = token
        self.email = email
    }

    enum CodingKeys: String, CodingKey {
        case type, token, email
        case tokenHash = "token_hash"
    }
}
