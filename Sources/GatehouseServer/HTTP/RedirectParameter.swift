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

import HTTPTypes
import Hummingbird

extension Request {
    /// GoTrue's `redirect_to`: from the query string, or a header of that name.
    var redirectTo: String? {
        uri.queryParameters.get("redirect_to") ?? headers[HTTPField.Name("redirect_to")!]
    }
}
