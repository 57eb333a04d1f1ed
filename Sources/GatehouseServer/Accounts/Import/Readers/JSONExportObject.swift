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
import GatehouseCore

/// The members of a JSON export's records that one reader reads.
protocol JSONExportFields {
    static var names: Set<String> { get }
}

/// One element of a JSON export's array of records: its members among `Fields.names`, or nil
/// when the element is not an object. Other members are dropped as the file is decoded, so a
/// large export holds only what the import uses; and decoding never fails on one record, so
/// one odd record is refused on its own.
struct JSONExportObject<Fields: JSONExportFields>: Decodable {
    let members: [String: JSONValue]?

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: MemberName.self) else {
            members = nil
            return
        }
        var members: [String: JSONValue] = [:]
        for key in container.allKeys where Fields.names.contains(key.stringValue) {
            // JSONValue reads any JSON value, so this does not fail on a well-formed file.
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.members = members
    }

    private struct MemberName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// Decoding a whole export file, its failures as `ImportFileError`.
enum JSONExportFile {
    /// `type` from `data`; `expected` says in the error what the file should have been.
    static func decode<T: Decodable>(_ type: T.Type, from data: [UInt8], expected: String) throws(ImportFileError) -> T {
        do {
            // A byte order mark (editors on Windows write one) is not JSON.
            return try JSONDecoder().decode(type, from: Data(data[CSVReader.startAfterByteOrderMark(data)...]))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw .notJSON(expected: expected)
        } catch {
            throw .unexpectedJSONShape(expected: expected)
        }
    }
}
