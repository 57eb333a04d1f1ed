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

/// The claims of a GoTrue access token the SDK reads without verifying (the server verifies
/// them; the client only needs `aal` and `amr` to tell the app what to ask for).
struct AccessTokenPayload: Decodable {
    var aal: String?
    var amr: [AMREntry]?

    /// The payload of a JWT (`header.payload.signature`, base64url without padding); nil when
    /// the token is not a JWT.
    init?(jwt: String) {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let payload = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
        self = payload
    }
}
