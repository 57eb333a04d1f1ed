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

/// `gatehouse mail status` and `gatehouse mail test --to ADDRESS`.
struct Mail: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Inspect the mail outbox or send a test message.",
        subcommands: [Status.self, Test.self]
    )

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the outbox: jobs by state and recent dead jobs.")

        func run() async throws {
            print(try await GatehouseAdministration.mailStatus(configuration: try loadConfiguration()))
        }
    }

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send a test message through the configured transport.")

        @Option(help: "Recipient address.") var to: String

        func run() async throws {
            switch try await GatehouseAdministration.sendTestMail(configuration: try loadConfiguration(), to: to) {
            case .success(let report):
                print(report)
            case .failure(let error):
                print("failed: \(error)")
                throw ExitCode.failure
            }
        }
    }
}
