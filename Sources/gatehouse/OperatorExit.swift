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

/// The exit codes of the operator commands (`users`, `backup`, `restore`, `config`), as the
/// README's "Operator commands" section lists them.
enum OperatorExit {
    static let ok: Int32 = 0
    /// Anything unexpected: the database failed, a file could not be written.
    static let failed: Int32 = 1
    /// No user with that id or address; no such file.
    static let notFound: Int32 = 2
    /// Refused by a rule: password policy, taken address, bad ban duration, a server holding the
    /// data folder, a file that is not a Gatehouse database, an existing backup file.
    static let refused: Int32 = 3
    /// Not possible on this store: backup and restore of PostgreSQL (use pg_dump).
    static let unsupported: Int32 = 4
    /// A bad command line or configuration (swift-argument-parser's own code, EX_USAGE).
    static let usage: Int32 = ExitCode.validationFailure.rawValue

    static func code(for kind: OperatorFailure.Kind) -> Int32 {
        switch kind {
        case .usage: usage
        case .notFound: notFound
        case .refused: refused
        case .unsupported: unsupported
        case .failed: failed
        }
    }

    /// Prints the failure on standard error and gives the exit code to throw.
    static func report(_ failure: OperatorFailure) -> ExitCode {
        FileHandle.standardError.write(Data("gatehouse: \(failure.message)\n".utf8))
        return ExitCode(code(for: failure.kind))
    }

    /// Runs an operator command's body, turning an `OperatorFailure` into its message and code.
    static func guarding<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as OperatorFailure {
            throw report(failure)
        }
    }
}
