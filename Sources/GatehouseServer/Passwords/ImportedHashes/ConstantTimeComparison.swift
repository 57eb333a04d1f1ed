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

/// Byte-string equality whose time depends on the lengths only, never on where the strings
/// first differ: the final step of every imported-hash check, so that how long a wrong guess
/// takes tells nothing about the stored digest.
enum ConstantTimeComparison {
    static func equal(_ computed: [UInt8], _ stored: [UInt8]) -> Bool {
        // Lengths are public (the digest's length is part of the stored hash), so a length
        // mismatch may answer at once.
        guard computed.count == stored.count else { return false }
        var difference: UInt8 = 0
        for index in stored.indices {
            difference |= computed[index] ^ stored[index]
        }
        return difference == 0
    }
}
