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

/// A setting the server cannot start with; the text names the variable and what it takes.
public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String
    /// A bare "is not a valid value": `EnvironmentReader` adds the setting's accepted values.
    let wantsAcceptedValues: Bool

    init(_ description: String) {
        self.description = description
        self.wantsAcceptedValues = false
    }

    private init(_ description: String, wantsAcceptedValues: Bool) {
        self.description = description
        self.wantsAcceptedValues = wantsAcceptedValues
    }
}

extension ConfigurationError {
    /// `NAME=raw is not a valid value`: text that is no value of the setting's type. Read through
    /// `EnvironmentReader`, it goes on with `; accepted: …`, the values the setting takes.
    static func notValid(_ name: String, _ raw: String) -> ConfigurationError {
        ConfigurationError("\(name)=\(raw) is not a valid value", wantsAcceptedValues: true)
    }

    /// This error with `accepted` (the settings table's Markdown) after it, as plain text.
    func listing(accepted: String) -> ConfigurationError {
        guard wantsAcceptedValues, !accepted.isEmpty else { return self }
        return ConfigurationError(description + "; accepted: " + accepted.withoutMarkdownCode)
    }

    /// `NAME must be between A and B`: a number outside the setting's bounds.
    static func outOfRange(_ name: String, _ range: ClosedRange<Int>) -> ConfigurationError {
        ConfigurationError("\(name) must be between \(range.lowerBound) and \(range.upperBound)")
    }

    /// `NAME is required with OTHER=value`: a setting another one's value needs.
    static func required(_ name: String, with other: String, _ value: String) -> ConfigurationError {
        ConfigurationError("\(name) is required with \(other)=\(value)")
    }
}

extension String {
    /// The settings table's Markdown as plain text: code spans without their backticks.
    var withoutMarkdownCode: String { replacingOccurrences(of: "`", with: "") }
}
