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

import ArgumentParser
import GatehouseServer

/// `gatehouse bcrypt-bench`: one bcrypt verify's median time with the server's own
/// implementation, printed as JSON; the benchmarks derive the sign-in bound from it.
struct BcryptBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bcrypt-bench", abstract: "Measure one bcrypt verify.")

    @Option var cost = 10
    @Option var iterations = 20

    func run() async throws {
        let median = try await GatehouseAdministration.bcryptVerifyMilliseconds(cost: cost, iterations: iterations)
        print("{\"cost\":\(cost),\"iterations\":\(iterations),\"verify_ms\":\(median)}")
    }
}
