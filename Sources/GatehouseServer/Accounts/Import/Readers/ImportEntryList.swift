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

/// A file's entries as the readers build them, in the file's order, with the one rule that
/// spans records: an id, or an address, is imported once per file. Only accounts that are
/// imported count: a refused record writes nothing, so a later record with its id or address
/// conflicts with nothing and is read on its own merits.
struct ImportEntryList {
    private(set) var entries: [ImportEntry] = []
    private var ids: Set<UUID> = []
    private var addresses: Set<String> = []
    private let maximumRecords: Int

    init(maximumRecords: Int) {
        self.maximumRecords = maximumRecords
    }

    /// The number the next record gets.
    var nextPosition: Int { entries.count + 1 }

    /// Adds the next record: the account `build` makes, or the refusal it throws.
    mutating func append(sourceId: String, _ build: () throws(ImportRefusal) -> ImportedAccount) throws(ImportFileError) {
        guard entries.count < maximumRecords else { throw .tooManyRecords(limit: maximumRecords) }
        var result = Result(catching: build)
        if case .success(let account) = result {
            if ids.contains(account.id) {
                result = .failure(.duplicateId)
            } else if addresses.contains(account.email) {
                result = .failure(.duplicateAddress)
            } else {
                ids.insert(account.id)
                addresses.insert(account.email)
            }
        }
        entries.append(ImportEntry(position: nextPosition, sourceId: sourceId, result: result))
    }

    /// Adds the next record, refused.
    mutating func refuse(sourceId: String = "", _ refusal: ImportRefusal) throws(ImportFileError) {
        try append(sourceId: sourceId) { () throws(ImportRefusal) -> ImportedAccount in throw refusal }
    }
}
