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
import Foundation
import GatehouseServer

/// `gatehouse users promote|demote`: who may sign in to the admin console (`/admin`).
extension UsersCommand {
    struct Promote: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a user an operator of the admin console at /admin (users.is_super_admin)."
        )

        @Argument(help: "The user's id or email address.") var user: String
        @Flag(help: "Print the admin API's JSON.") var json = false

        func run() async throws {
            let user = user
            try UserOutput.print(
                try await UsersCommand.run { try await $0.promote(user) }, json: json, note: "promoted: may sign in to /admin")
        }
    }

    struct Demote: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take the admin console away from a user; an open console session ends at its next request."
        )

        @Argument(help: "The user's id or email address.") var user: String
        @Flag(help: "Print the admin API's JSON.") var json = false

        func run() async throws {
            let user = user
            try UserOutput.print(try await UsersCommand.run { try await $0.demote(user) }, json: json, note: "demoted: no console access")
        }
    }
}
