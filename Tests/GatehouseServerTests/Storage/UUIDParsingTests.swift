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
import Testing

@testable import GatehouseServer

/// `UUID(parsing:)` reads ids as Foundation's `UUID(uuidString:)` does (the same value) when they
/// have the canonical shape, and refuses everything else. Foundation parses with `sscanf`'s
/// `%2hhx`, which also lets a space or a sign stand in a hex pair (it reads
/// "D9 47C49-9E06-42E9-A35C-FEA0B213ED31" and "3AAAFEEB-C413-41-8-91A6-61147197C2A7" as ids):
/// those are refused here.
@Suite struct UUIDParsingTests {
    @Test func acceptsAndRefusesAsFoundationDoes() {
        var texts = [
            "", "0", String(repeating: "0", count: 36), "00000000-0000-0000-0000-000000000000",
            "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "ffffffff-ffff-ffff-ffff-fffffffffff", "ffffffff-ffff-ffff-ffff-fffffffffffff",
            " 6ba7b810-9dad-11d1-80b4-00c04fd430c8", "6ba7b810-9dad-11d1-80b4-00c04fd430c8 ", "6ba7b810_9dad-11d1-80b4-00c04fd430c8",
            "6ba7b8109-dad-11d1-80b4-00c04fd430c8", "6ba7b810-9dad-11d1-80b4-00c04fd430cg", "{6ba7b810-9dad-11d1-80b4-00c04fd430c8}",
            "6ba7b810-9dad-11d1-80b4-00c04fd430é", "6BA7B810-9dad-11D1-80b4-00C04FD430C8",
        ]
        // Random ids in both cases, and each with one character replaced by a few others.
        for _ in 0..<200 {
            let id = UUID().uuidString
            texts.append(id)
            texts.append(id.lowercased())
            var mutated = Array(id)
            let position = Int.random(in: 0..<mutated.count)
            mutated[position] = ["-", "g", "G", " ", "+", "0", "a", "é", "\u{0}"].randomElement()!
            texts.append(String(mutated))
        }
        let canonical = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
        for text in texts {
            let expected = text.wholeMatch(of: canonical) == nil ? nil : UUID(uuidString: text)
            #expect(UUID(parsing: text) == expected, "\(text.debugDescription)")
        }
        #expect(UUID(parsing: "D9 47C49-9E06-42E9-A35C-FEA0B213ED31") == nil)
        #expect(UUID(uuidString: "D9 47C49-9E06-42E9-A35C-FEA0B213ED31") != nil, "Foundation's leniency, which this suite documents")
    }
}
