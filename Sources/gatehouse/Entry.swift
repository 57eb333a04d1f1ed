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

/// `gatehouse`: one executable for the server and its administration.
@main
struct Gatehouse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gatehouse",
        abstract: "A self-hostable, GoTrue-compatible sign-in and password-recovery server.",
        version: GatehouseVersion.description,
        subcommands: [
            Serve.self, Migrate.self, Mail.self, Keys.self, BcryptBench.self,
            LoginCommand.self, ForgotPasswordCommand.self, ResetPasswordCommand.self,
            RoutesCommand.self,
            SettingsCommand.self,
            UsersCommand.self, BackupCommand.self, RestoreCommand.self, ConfigCommand.self,
        ],
        defaultSubcommand: Serve.self
    )
}
