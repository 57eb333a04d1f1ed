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

import Foundation

/// The settings as text, printed from `ServerSettings.all`: the README's configuration table
/// (between `beginMarker` and `endMarker`) and `gatehouse settings`.
public enum SettingsTable {
    /// The comment lines around the generated table in README.md.
    public static let beginMarker =
        "<!-- settings-table:begin (printed by `swift run gatehouse settings --readme` from ServerSettings: edit those, not this table) -->"
    public static let endMarker = "<!-- settings-table:end -->"

    /// A Markdown table, one row per setting, with a trailing newline.
    public static func markdown(_ settings: [any SettingDescription] = ServerSettings.all) -> String {
        var lines = ["| variable | default | values | meaning |", "|---|---|---|---|"]
        for setting in settings {
            let cells = ["`\(setting.name)`", setting.shownDefault, setting.accepted, meaning(of: setting)]
            lines.append("| " + cells.map(escaped).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table with its markers, as it stands in the README.
    public static func readmeSection(_ settings: [any SettingDescription] = ServerSettings.all) -> String {
        beginMarker + "\n" + markdown(settings) + endMarker + "\n"
    }

    /// For a terminal: each variable, its default and values, and its meaning indented below.
    public static func plainText(_ settings: [any SettingDescription] = ServerSettings.all) -> String {
        settings.map { setting in
            "\(setting.name)  default: \(plain(setting.shownDefault))  values: \(plain(setting.accepted))\n    \(plain(meaning(of: setting)))"
        }.joined(separator: "\n") + "\n"
    }

    /// The help text, and for a secret that it is never shown.
    static func meaning(of setting: any SettingDescription) -> String {
        setting.isSecret ? setting.help + " (a secret: kept out of every log line and description)" : setting.help
    }

    /// A `|` inside a cell would end it.
    private static func escaped(_ cell: String) -> String {
        cell.replacingOccurrences(of: "|", with: "\\|")
    }

    private static func plain(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "`", with: "")
    }
}
