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

/// `gatehouse users …`: user management on the configured store (the settings `serve` reads),
/// through the admin API's services and rules. Exit codes: `OperatorExit`.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "List, inspect and manage users on the configured database.",
        discussion: "Users are named by id or email address. Exit codes: 0 ok, 1 failed, 2 no such user, 3 refused by a rule, 64 usage.",
        subcommands: [
            List.self, Show.self, Create.self, Delete.self, Ban.self, Unban.self, SetPassword.self, RevokeSessions.self,
            Promote.self, Demote.self, Import.self,
        ]
    )

    /// Runs `body` with the store open, reporting operator failures with their exit codes. Where
    /// there is no database, it says so before anything is read or written.
    static func run<T: Sendable>(_ body: @escaping @Sendable (OperatorUsers) async throws -> T) async throws -> T {
        try await OperatorExit.guarding { try OperatorUsers.checkDatabaseFile() }
        let configuration = try loadConfiguration()
        return try await OperatorExit.guarding { try await OperatorUsers.with(configuration: configuration, body) }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users, newest first, a page at a time.")

        @Option(help: "The page, from 1.") var page = 1
        @Option(help: "Users per page (1 to 1000).") var perPage = 50
        @Option(help: "Only addresses containing this text.") var email: String?
        @Flag(help: "Print the admin API's JSON.") var json = false

        func run() async throws {
            let (page, perPage, email) = (page, perPage, email)
            let found = try await UsersCommand.run { try await $0.list(page: page, perPage: perPage, emailContaining: email) }
            try UserOutput.print(found, json: json)
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one user.")

        @Argument(help: "The user's id or email address.") var user: String
        @Flag(help: "Print the admin API's JSON.") var json = false

        func run() async throws {
            let user = user
            try UserOutput.print(try await UsersCommand.run { try await $0.show(user) }, json: json)
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a user with a password (typed at the prompt, or one line of standard input)."
        )

        @Argument(help: "The email address.") var email: String
        @Flag(help: "Read the password from standard input (one line) instead of the terminal.") var passwordStdin = false
        @Flag(help: "Create the user without a password (they sign in by link or are invited).") var noPassword = false
        @Flag(inversion: .prefixedNo, help: "Mark the address as confirmed.") var confirmed = true
        @Flag(help: "Print the admin API's JSON.") var json = false

        func validate() throws {
            if noPassword && passwordStdin { throw ValidationError("--no-password and --password-stdin exclude each other") }
        }

        func run() async throws {
            let password = noPassword ? nil : try PasswordInput.read(fromStandardInput: passwordStdin)
            let (email, confirmed) = (email, confirmed)
            let user = try await UsersCommand.run { try await $0.create(email: email, password: password, confirmed: confirmed) }
            try UserOutput.print(user, json: json, note: "created")
        }
    }
}
