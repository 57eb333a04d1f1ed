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

/// What the console, `/admin/mail` and `gatehouse mail status` show of a job's last error.
/// Errors come from the transports (an SMTP reply, a MailerSend answer) and name no token today;
/// but a relay may quote what it refused, and no view of the outbox may show a link or a token, so
/// anything shaped like one is replaced: URLs, and long unbroken runs of letters and digits
/// (tokens, hashes, PKCE values).
enum OutboxErrorRedaction {
    /// Runs at least this long of `[A-Za-z0-9_-]` are taken for secrets (a token is 32+).
    static let secretRunLength = 20

    static func redact(_ error: String) -> String {
        var text = error
        text = text.replacingOccurrences(of: #"[A-Za-z][A-Za-z0-9+.-]*://[^\s"'<>]+"#, with: "[link]", options: .regularExpression)
        text = text.replacingOccurrences(
            of: "[A-Za-z0-9_-]{\(secretRunLength),}", with: "[redacted]", options: .regularExpression)
        return text
    }
}

extension OutboxStatus {
    /// The status with each dead job's error redacted, as `/admin/mail` and `gatehouse mail
    /// status` show it: the console's rule, so no view of the outbox shows a quoted link or token.
    func redactingErrors() -> OutboxStatus {
        var status = self
        for index in status.deadJobs.indices {
            status.deadJobs[index].lastError = status.deadJobs[index].lastError.map(OutboxErrorRedaction.redact)
        }
        return status
    }
}
