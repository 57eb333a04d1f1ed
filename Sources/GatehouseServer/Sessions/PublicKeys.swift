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

extension SessionService {
    /// The public keys tokens can be verified with, as `/.well-known/jwks.json` lists them.
    var publicKeys: [PublicJWK] { signer.publicKeys }
}
