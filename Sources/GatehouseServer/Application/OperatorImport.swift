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

/// What `gatehouse users import` is asked to do: which system's export, how to read its
/// hashes, whether to write.
public struct OperatorImportRequest: Sendable {
    /// `firebase`, `supabase` or `django`.
    public var source: String
    public var dryRun: Bool
    /// Accounts written per transaction.
    public var batchSize: Int
    /// A Firebase project's password hash parameters (the console's "Password hash
    /// parameters", or `firebase auth:import`'s flags).
    public var hashAlgorithm: String?
    public var hashKey: String?
    public var saltSeparator: String?
    public var rounds: Int?
    public var memoryCost: Int?

    public init(
        source: String, dryRun: Bool = false, batchSize: Int = 500, hashAlgorithm: String? = nil, hashKey: String? = nil,
        saltSeparator: String? = nil, rounds: Int? = nil, memoryCost: Int? = nil
    ) {
        self.source = source
        self.dryRun = dryRun
        self.batchSize = batchSize
        self.hashAlgorithm = hashAlgorithm
        self.hashKey = hashKey
        self.saltSeparator = saltSeparator
        self.rounds = rounds
        self.memoryCost = memoryCost
    }
}

/// What an import did, record by record. Nothing in it is sensitive: records are named by
/// their position in the file and their id in the source, reasons by the field and the rule.
public struct OperatorImportReport: Sendable, Encodable {
    public struct Record: Sendable, Encodable {
        public var position: Int
        public var sourceId: String
        /// `imported`, `skipped` or `refused`.
        public var outcome: String
        /// The user id the account has (or would have) here; nil when refused.
        public var userId: String?
        public var reason: String?

        enum CodingKeys: String, CodingKey {
            case position, outcome, reason
            case sourceId = "source_id"
            case userId = "user_id"
        }
    }

    public var dryRun: Bool
    public var records: [Record]

    public var imported: Int { records.count { $0.outcome == "imported" } }
    public var skipped: Int { records.count { $0.outcome == "skipped" } }
    public var refused: Int { records.count { $0.outcome == "refused" } }

    enum CodingKeys: String, CodingKey {
        case dryRun = "dry_run"
        case records, imported, skipped, refused
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(imported, forKey: .imported)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(refused, forKey: .refused)
        try container.encode(records, forKey: .records)
    }
}

extension OperatorUsers {
    /// Reads `data` as an export of `request.source` and writes its accounts, a batch per
    /// transaction (none in a dry run). A file that cannot be read at all is refused before
    /// anything is written; a record that cannot be imported is reported and the rest go on.
    public func importAccounts(_ data: [UInt8], _ request: OperatorImportRequest) async throws(OperatorFailure) -> OperatorImportReport {
        guard let source = ImportSource(rawValue: request.source) else {
            throw OperatorFailure(.usage, "--from must be one of: \(ImportSource.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard (1...10_000).contains(request.batchSize) else { throw OperatorFailure(.usage, "--batch-size must be between 1 and 10000") }
        let hash = try Self.firebaseHash(request, source: source)
        let entries: [ImportEntry]
        do {
            entries = try ExportReader.read(data, source: source, firebaseHash: hash, now: services.environment.clock.now())
        } catch {
            throw OperatorFailure(.refused, error.description)
        }
        var records: [OperatorImportReport.Record] = []
        var pending: [(entry: ImportEntry, account: ImportedAccount)] = []
        func flush() async throws(OperatorFailure) {
            guard !pending.isEmpty else { return }
            let batch = pending
            pending = []
            let outcomes = try await OperatorFailure.mapping { () async throws(AuthError) in
                try await services.accounts.importAccounts(batch.map(\.account), dryRun: request.dryRun)
            }
            for (outcome, item) in zip(outcomes, batch) { records.append(Self.record(item.entry, outcome)) }
        }
        for entry in entries {
            switch entry.result {
            case .success(let account):
                pending.append((entry, account))
                if pending.count >= request.batchSize { try await flush() }
            case .failure(let refusal):
                records.append(.init(position: entry.position, sourceId: entry.sourceId, outcome: "refused", reason: refusal.reason))
            }
        }
        try await flush()
        return OperatorImportReport(dryRun: request.dryRun, records: records.sorted { $0.position < $1.position })
    }

    private static func record(_ entry: ImportEntry, _ outcome: ImportOutcome) -> OperatorImportReport.Record {
        switch outcome {
        case .imported(let id):
            .init(position: entry.position, sourceId: entry.sourceId, outcome: "imported", userId: id.lowercasedString)
        case .skipped(let id, let why):
            .init(position: entry.position, sourceId: entry.sourceId, outcome: "skipped", userId: id.lowercasedString, reason: why.rawValue)
        case .refused(let reason):
            .init(position: entry.position, sourceId: entry.sourceId, outcome: "refused", reason: reason)
        }
    }

    /// Firebase's hash parameters from the command line; SCRYPT when the key is given alone,
    /// as the console's parameters are. Other sources carry their hashes' parameters in the hashes.
    private static func firebaseHash(_ request: OperatorImportRequest, source: ImportSource) throws(OperatorFailure)
        -> FirebaseHashParameters?
    {
        guard source == .firebase, request.hashAlgorithm != nil || request.hashKey != nil else { return nil }
        let hash = FirebaseHashParameters(
            algorithm: request.hashAlgorithm ?? "SCRYPT", signerKey: request.hashKey, saltSeparator: request.saltSeparator,
            rounds: request.rounds, memoryCost: request.memoryCost)
        do {
            try hash.validate()
        } catch {
            throw OperatorFailure(.usage, "the hash parameters: \(error.description)")
        }
        return hash
    }
}
