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

/// One email, rendered and ready for a transport.
public struct MailMessage: Sendable, Codable, Equatable {
    public var from: MailAddress
    public var to: MailAddress
    public var subject: String
    /// The plain-text part (always present: some clients and every scanner read only that).
    public var text: String
    /// The HTML part, when there is one.
    public var html: String?
    /// When the email was asked for (its outbox job's creation), which stays the same however
    /// late or often it is delivered: the `Date:` header, and the dev mailbox's order, so the
    /// newest request's email comes first. Nil: the time it is sent.
    public var date: Timestamp?

    public init(from: MailAddress, to: MailAddress, subject: String, text: String, html: String? = nil, date: Timestamp? = nil) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.date = date
    }
}

/// An address with an optional display name (`"Gatehouse" <no-reply@example.com>`).
public struct MailAddress: Sendable, Codable, Equatable {
    public var address: String
    public var name: String?

    public init(_ address: String, name: String? = nil) {
        self.address = address
        self.name = name
    }
}
