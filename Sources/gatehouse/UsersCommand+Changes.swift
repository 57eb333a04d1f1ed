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

/// The `gatehouse users` subcommands that change a user.
extension UsersCommand {
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a user: for good, or with --soft as GoTrue's soft delete (row kept, address freed)."
        )

        @Argument(help: "The user's id or email address.") var user: String
        @Flag(help: "Keep the row with deleted_at and an obfuscated address instead of removing it.") var soft = false
        @Flag(help: "Print the admin API's JSON of the user as it was.") var json = false

        func run() async throws {
            let (user, soft) = (user, soft)
            let deleted = try await UsersCommand.run { try await $0.delete(user, soft: soft) }
            try UserOutput.print(deleted, json: json, note: soft ? "soft-deleted" : "deleted")
        }
    }

    struct Ban: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ban a user for a while (GoTrue's ban_duration: 24h, 1h30m, at most 876000h); ends their sessions."
        )

        @Argument(help: "The user's id or email address.") var user: String
        @Option(help: "How long, as GoTrue's ban_duration (a Go duration).") var duration: String
        @Flag(help: "Print the admin API's JSON.") var json = false

        func run() async throws {
            let (user, duration) = (user, duration)
            try UserOutput.print(try await UsersCommand.run { try await $0.ban(user, duration: duration) }, json: json, note: "banned")
        }
    }

    struct Unban: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Lift a user's ban.")

        @Argument(help: "The user's id or email address.") var user: String
        @Flag(help: "Print the admin API's JSON.") var json = false

        func run() async throws {
            let user = user
            try UserOutput.print(try await UsersCommand.run { try await $0.unban(user) }, json: json, note: "unbanned")
        }
    }

    struct SetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-password",
            abstract: "Set a user's password (policy applies); every session ends and earlier tokens are void."
        )

        @Argument(help: "The user's id or email address.") var user: String
        @Flag(help: "Read the password from standard input (one line) instead of the terminal.") var passwordStdin = false
        @Flag(help: "Print the admin API's JSON.") var json = false

        func run() async throws {
            let password = try PasswordInput.read(fromStandardInput: passwordStdin)
            let user = user
            let updated = try await UsersCommand.run { try await $0.setPassword(user, password: password) }
            try UserOutput.print(updated, json: json, note: "password set; every session ended")
        }
    }

    struct RevokeSessions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke-sessions", abstract: "End every session of a user (refresh tokens stop working)."
        )

        @Argument(help: "The user's id or email address.") var user: String
        @Flag(help: "Print the admin API's JSON.") var json = false

        func run() async throws {
            let user = user
            let revoked = try await UsersCommand.run { try await $0.revokeSessions(user) }
            try UserOutput.print(revoked, json: json, note: "every session ended")
        }
    }
}
