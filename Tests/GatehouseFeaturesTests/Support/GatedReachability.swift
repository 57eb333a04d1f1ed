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

import GatehouseFeatures

/// A reachability check that answers when the test opens its gate: to look at the page while
/// the check runs ("Validating...").
final class GatedReachability: NetworkReachability {
    let gate = Gate()
    let answer: Bool

    init(answer: Bool = true) { self.answer = answer }

    func isReachable() async -> Bool {
        try? await gate.wait()
        return answer
    }
}
