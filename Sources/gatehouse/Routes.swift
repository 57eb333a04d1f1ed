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

/// `gatehouse routes`: every route of the server as JSON, `[{"method": "GET", "path": "/health"}, …]`,
/// read from the router the server builds (the malformed-input suite drives every one).
struct RoutesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "routes", abstract: "Print the server's routes as JSON.")

    func run() async throws {
        let routes = try await RouteTable.routes(configuration: try loadConfiguration())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(routes), as: UTF8.self))
    }
}
