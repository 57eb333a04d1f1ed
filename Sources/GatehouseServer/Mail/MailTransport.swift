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

/// Something that delivers a message: the dev mailbox, SMTP, or MailerSend's HTTP API.
///
/// `send` returns once the receiving side has accepted the message. A failure says whether a
/// later attempt may succeed (the outbox retries those with backoff) or never will (the job is
/// marked dead at once, e.g. an address the server rejects permanently).
public protocol MailTransport: Sendable {
    /// A short name for logs and `gatehouse mail status` (`dev-mailbox`, `smtp`, `mailersend`).
    var name: String { get }
    func send(_ message: MailMessage) async throws(MailDeliveryError)
}

public struct MailDeliveryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Whether trying again later can help (connection refused, timeout, 4xx SMTP reply, 5xx/429
    /// HTTP) or not (5xx SMTP reply to RCPT, 4xx HTTP validation error, bad credentials).
    public var isTransient: Bool
    /// What went wrong, safe to log and store: never a password or message body.
    public var reason: String

    public init(transient: Bool, _ reason: String) {
        self.isTransient = transient
        self.reason = reason
    }

    public var description: String { (isTransient ? "transient: " : "permanent: ") + reason }
}
