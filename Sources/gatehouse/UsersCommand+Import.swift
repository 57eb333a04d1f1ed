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

extension UsersCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import users, with their passwords, from a Firebase, Supabase or Django export.",
            discussion: """
                Firebase: the JSON of `firebase auth:export`, with the project's password hash parameters \
                (--hash-key, --salt-separator, --rounds, --mem-cost, as the console shows them). Supabase: auth.users \
                as CSV (COPY … TO STDOUT WITH CSV HEADER) or a JSON array of rows. Django: auth_user as CSV or \
                `manage.py dumpdata auth.user`. Accounts already here (same id or address) are skipped, so a re-run \
                changes nothing. Exit code 3 when some records were refused.
                """
        )

        @Argument(help: "The export file.") var file: String
        @Option(help: "The system the file comes from: firebase, supabase or django.") var from: String
        @Flag(help: "Read and check everything, write nothing.") var dryRun = false
        @Option(help: "Accounts written per transaction.") var batchSize = 500
        @Option(help: "Firebase: the hash algorithm (SCRYPT unless the project says otherwise).") var hashAlgo: String?
        @Option(help: "Firebase: the base64 signer key.") var hashKey: String?
        @Option(help: "Firebase: the base64 salt separator.") var saltSeparator: String?
        @Option(help: "Firebase: the rounds.") var rounds: Int?
        @Option(help: "Firebase: the memory cost.") var memCost: Int?
        @Flag(help: "Print the report as JSON.") var json = false

        func run() async throws {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw OperatorExit.report(OperatorFailure(.notFound, "cannot read \(file)"))
            }
            let data = Array(contents)
            let request = OperatorImportRequest(
                source: from, dryRun: dryRun, batchSize: batchSize, hashAlgorithm: hashAlgo, hashKey: hashKey,
                saltSeparator: saltSeparator, rounds: rounds, memoryCost: memCost)
            let report = try await UsersCommand.run { try await $0.importAccounts(data, request) }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                for record in report.records where record.outcome != "imported" {
                    let id = record.sourceId.isEmpty ? "" : " (\(record.sourceId))"
                    print("\(record.outcome) record \(record.position)\(id): \(record.reason ?? "")")
                }
                let verb = report.dryRun ? "would import" : "imported"
                print("\(verb) \(report.imported), skipped \(report.skipped), refused \(report.refused)")
            }
            if report.refused > 0 { throw ExitCode(OperatorExit.refused) }
        }
    }
}
