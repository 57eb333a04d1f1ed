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

extension UUID {
    /// The form every id is stored and answered in: Foundation's, lowercased. Written by hand it
    /// did not buy the end-to-end gain a replacement of a library must (Benchmarks/PROFILE.md).
    var lowercasedString: String { uuidString.lowercased() }
}
