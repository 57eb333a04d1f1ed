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

import Crypto
import Foundation

/// The OpenAPI 3.1 document of the whole HTTP API, as the build assembled it
/// (`Plugins/OpenAPIDocumentPlugin`: `openapi/openapi.json` with every `openapi/fragments/*.json`
/// merged in) and compiled into the binary, so nothing is read from disk at run time.
enum OpenAPIDocument {
    static let bytes: [UInt8] = Array(OpenAPIDocumentSource.json.utf8)
    /// A strong validator of these bytes: a client revalidates with `If-None-Match` and gets 304.
    static let etag = "\"\(SHA256.hash(data: bytes).prefix(8).hexString)\""
}
