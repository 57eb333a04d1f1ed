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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Line-based terminal input and output for the client flows: prompts with defaults, hidden
/// password entry, and marked result lines. Works with piped input too (no echo tricks then).
enum Terminal {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func line(_ text: String = "") { write(text + "\n") }
    static func success(_ text: String) { line("✔ " + text) }
    static func failure(_ text: String) { line("✖ " + text) }
    static func warning(_ text: String) { line("⚠ " + text) }
    static func heading(_ text: String) { line("\n" + text + "\n" + String(repeating: "─", count: text.count)) }

    /// Asks for a line; an empty answer takes `defaultValue`. Nil at end of input.
    static func ask(_ label: String, default defaultValue: String? = nil) -> String? {
        if let defaultValue, !defaultValue.isEmpty {
            write("\(label) [\(defaultValue)]: ")
        } else {
            write("\(label): ")
        }
        guard let answer = readLine() else { return nil }
        if !isInteractive { line(answer) }
        return answer.isEmpty ? (defaultValue ?? "") : answer
    }

    /// Asks for a secret without echoing it (when the input is a terminal).
    static func askSecret(_ label: String) -> String? {
        write("\(label): ")
        guard isInteractive else {
            defer { line() }
            return readLine()
        }
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            write("\n")
        }
        return readLine()
    }

    /// A one-letter choice; nil at end of input.
    static func choose(_ options: String) -> Character? {
        write(options + " ")
        guard let answer = readLine() else { return nil }
        if !isInteractive { line(answer) }
        return answer.trimmingCharacters(in: .whitespaces).lowercased().first ?? " "
    }
}
