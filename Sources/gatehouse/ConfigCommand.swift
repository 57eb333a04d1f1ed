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

/// `gatehouse config`: the settings this process would run with, each with its value and where
/// it came from (environment, naming the GoTrue variable when one set it; default; or generated
/// in the data folder), secrets masked. The configuration is read first, so a bad value fails here
/// as it would at start-up, and unset settings show what they come to (`http://127.0.0.1:9999`,
/// not "the external URL").
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Print the effective settings and where each comes from (secrets masked).",
        discussion: "`gatehouse settings --json` prints the same JSON."
    )

    @Flag(help: "Print JSON: [{name, value, source, secret}].") var json = false

    func run() async throws {
        let settings = EffectiveSetting.all(configuration: try loadConfiguration())
        if json {
            try EffectiveSettingsOutput.printJSON(settings)
        } else {
            EffectiveSettingsOutput.printTable(settings)
        }
    }
}

/// How `gatehouse config` and `gatehouse settings --json` print the effective settings.
enum EffectiveSettingsOutput {
    static func printJSON(_ settings: [EffectiveSetting]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(settings), as: UTF8.self))
    }

    /// `NAME  value  (source)`, names and short values aligned.
    static func printTable(_ settings: [EffectiveSetting]) {
        let nameWidth = settings.map(\.name.count).max() ?? 0
        let valueWidth = min(48, settings.map(\.value.count).max() ?? 0)
        for setting in settings {
            let name = setting.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let value =
                setting.value.count < valueWidth ? setting.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0) : setting.value
            print("\(name)  \(value)  (\(setting.source.rawValue)\(setting.variable.map { ": \($0)" } ?? ""))")
        }
    }
}
