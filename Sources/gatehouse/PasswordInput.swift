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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A password for an operator command: never an argument (every local user can read a
/// process's arguments in `ps`), but one line of standard input with `--password-stdin`, or typed
/// twice at the terminal without echo.
enum PasswordInput {
    static func read(fromStandardInput: Bool) throws -> String {
        if fromStandardInput {
            guard let line = readLine(strippingNewline: true) else {
                throw ValidationError("--password-stdin: standard input ended before a password line")
            }
            return line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw ValidationError("no terminal to ask for the password on: pipe it in with --password-stdin")
        }
        let first = try prompt("New password: ")
        let second = try prompt("Repeat the password: ")
        guard first == second else { throw ValidationError("the two passwords differ") }
        return first
    }

    /// `getpass(3)`: reads from the terminal itself with echo off, prompting there too (so the
    /// prompt never mixes into a `--json` answer on standard output).
    private static func prompt(_ text: String) throws -> String {
        guard let answer = getpass(text) else { throw ValidationError("no password was typed") }
        return String(cString: answer)
    }
}
