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

extension AuthError {
    /// `Retry-After` when the error says how long to wait: every shape of error answer carries it.
    var retryAfterHeaders: HTTPFields {
        guard let wait = retryAfter else { return [:] }
        return [.retryAfter: String(wait)]
    }

    /// The status of the specs' `{"success": false, …}` envelopes (specs 003 and 004): the
    /// error's own, with any server-side failure reported as a plain 500.
    var envelopeStatus: HTTPResponse.Status {
        status.code >= 500 ? .internalServerError : status
    }
}
