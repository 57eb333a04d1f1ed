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

/// `gatehouse settings`: every `GATEHOUSE_*` setting with its default, values and meaning, from
/// the one list the server reads (`ServerSettings`). `--markdown` prints the settings reference's
/// table; `--readme` the same with its marker lines, ready to replace the table's section;
/// `--json` the effective values, as `gatehouse config --json`.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Print every setting: name, default, values and meaning."
    )

    @Flag(help: "Print the settings reference's Markdown table.") var markdown = false
    @Flag(help: "Print the Markdown table between its marker comments.") var readme = false
    @Flag(help: "Print the effective settings as JSON, as `gatehouse config --json` does.") var json = false

    func run() throws {
        if json {
            try EffectiveSettingsOutput.printJSON(EffectiveSetting.all(configuration: try loadConfiguration()))
        } else if readme {
            print(SettingsTable.readmeSection(), terminator: "")
        } else if markdown {
            print(SettingsTable.markdown(), terminator: "")
        } else {
            print(SettingsTable.plainText(), terminator: "")
        }
    }
}
