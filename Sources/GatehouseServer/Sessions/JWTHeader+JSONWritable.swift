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

import GatehouseCore
import JWTKit

// A token's header written by `JSONWriter` (`ClaimsJSONEncoder` takes anything `JSONWritable`):
// jwt-kit's `JSONEncoder` went through its generic containers for every token, to write a fixed
// `{"alg":"HS256","typ":"JWT"}` (Benchmarks/PROFILE.md). Members are written in key order, so a
// header's bytes do not depend on the dictionary's.

extension JWTHeader: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.sortedObject(fields) { writer, field in field.write(to: &writer) }
    }
}

extension JWTHeaderField: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.boolean(value)
        case .int(let value): writer.integer(value)
        case .decimal(let value): writer.number(value)
        case .string(let value): writer.string(value)
        case .array(let values): writer.array(values) { writer, value in value.write(to: &writer) }
        case .object(let members): writer.sortedObject(members) { writer, value in value.write(to: &writer) }
        }
    }
}
