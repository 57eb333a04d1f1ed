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

import HTTPTypes

/// Header names HTTPTypes has no constant for.
extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
}
