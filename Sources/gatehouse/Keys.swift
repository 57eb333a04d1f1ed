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

/// `gatehouse keys`: prints the anon and service_role keys for this server's JWT secret, as
/// `supabase status` does, so clients and the admin API can be configured.
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the anon and service_role API keys.")

    @Option(help: "Validity of the keys in days.") var days = 3650

    func run() async throws {
        let configuration = try loadConfiguration()
        for (role, key) in try await GatehouseAdministration.apiKeys(configuration: configuration, validForDays: days) {
            print("\(role): \(key)")
        }
    }
}
