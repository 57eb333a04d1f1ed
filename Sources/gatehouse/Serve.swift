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
import Hummingbird
import Logging

/// `gatehouse serve` (the default): runs the server with the `GATEHOUSE_*` configuration.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the server (the default command).")

    func run() async throws {
        AllocatorSettings.keepLargeBlocksMapped()
        let configuration = try loadConfiguration()
        // Held until the process ends: `gatehouse restore` refuses to swap the database under it.
        let dataFolder = try GatehouseAdministration.holdDataFolder(configuration)
        defer { withExtendedLifetime(dataFolder) {} }
        let app = try await buildApplication(configuration: configuration)
        try await runServer(app, configuration: configuration)
    }
}

/// Reads the configuration and sets up logging. A configuration error is printed alone, with
/// the exit code of a usage error (64): the command line was right, so ArgumentParser's usage
/// lines would only hide the message.
func loadConfiguration() throws -> ServerConfiguration {
    do {
        let configuration = try ServerConfiguration.fromEnvironment()
        LoggingSystem.bootstrap { label in GatehouseLogging.handler(label: label, configuration: configuration) }
        return configuration
    } catch let error as ConfigurationError {
        FileHandle.standardError.write(Data("Error: configuration: \(error.description)\n".utf8))
        throw ExitCode.validationFailure
    }
}
