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

/// `gatehouse migrate`: applies pending schema migrations and exits.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply database migrations and exit.")

    func run() async throws {
        let configuration = try loadConfiguration()
        try await GatehouseAdministration.migrate(configuration: configuration)
        print("migrations applied")
    }
}
