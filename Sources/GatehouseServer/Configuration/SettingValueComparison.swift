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

/// Whether two texts are the same value of a setting, compared as the setting reads them: a
/// GoTrue alias and its `GATEHOUSE_` setting set side by side agree when they mean the same
/// (`1h` and `3600`, `TRUE` and `yes`), whatever their spelling.
protocol SettingTextComparison {
    func sameValue(_ first: String, _ second: String) -> Bool
}

extension Setting: SettingTextComparison where Value: Equatable {
    /// Two texts the setting does not take are the same only when equal.
    func sameValue(_ first: String, _ second: String) -> Bool {
        guard let firstValue = try? parse(first), let secondValue = try? parse(second) else { return first == second }
        return firstValue == secondValue
    }
}

extension ServerSettings {
    /// Every setting by its variable's name.
    static let named: [String: any SettingDescription] = Dictionary(all.map { ($0.name, $0) }) { first, _ in first }

    /// Whether `first` and `second` are the same value of the setting `name`: compared as its
    /// values when they are comparable, as text otherwise.
    static func sameValue(of name: String, _ first: String, _ second: String) -> Bool {
        guard let setting = named[name] as? any SettingTextComparison else { return first == second }
        return setting.sameValue(first, second)
    }
}
