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

/// Writes a `MailMessage` as an RFC 5322 / MIME message: the headers, then a UTF-8
/// quoted-printable text/plain body, or a multipart/alternative with text/plain then text/html.
/// Lines end in CRLF. Validate the message (`MailHeaderValidation`) first.
struct MIMEComposer: Sendable {
    var date: Date
    /// Without the angle brackets: `random@domain`.
    var messageID: String
    /// Starts with "=_", which quoted-printable output can never contain.
    var boundary: String

    init(date: Date, messageID: String, boundary: String) {
        self.date = date
        self.messageID = messageID
        self.boundary = boundary
    }

    /// At `date` (now when nil), with a random Message-ID at `messageIDDomain` and a random boundary.
    init(messageIDDomain: String, date: Date? = nil) {
        self.init(
            date: date ?? Date(),
            messageID: Self.randomHex(bytes: 16) + "@" + messageIDDomain,
            boundary: "=_gatehouse_" + Self.randomHex(bytes: 12)
        )
    }

    /// The helo name when it is a real domain (dotted, not `localhost`, not an address
    /// literal), else the domain of the sender's address.
    static func messageIDDomain(heloName: String, from sender: MailAddress) -> String {
        let helo = heloName.lowercased()
        let isDomain =
            helo.contains(".") && !helo.hasPrefix("[") && !helo.hasSuffix(".localhost")
            && helo.contains(where: { $0.isLetter })
        if isDomain, helo.utf8.allSatisfy({ (33...126).contains($0) && $0 != UInt8(ascii: ">") }) {
            return heloName
        }
        guard let at = sender.address.lastIndex(of: "@") else { return "localhost" }
        return String(sender.address[sender.address.index(after: at)...])
    }

    func compose(_ message: MailMessage) -> String {
        var headers = [
            "Date: " + RFC5322Date.string(from: date),
            MIMEHeaderEncoding.addressField("From", message.from),
            MIMEHeaderEncoding.addressField("To", message.to),
            MIMEHeaderEncoding.unstructuredField("Subject", message.subject),
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
        ]
        guard let html = message.html else {
            headers += Self.partHeaders(subtype: "plain")
            return headers.joined(separator: "\r\n") + "\r\n\r\n" + QuotedPrintable.encode(message.text) + "\r\n"
        }
        headers.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
        let parts = [("plain", message.text), ("html", html)].map { subtype, body in
            "--\(boundary)\r\n" + Self.partHeaders(subtype: subtype).joined(separator: "\r\n") + "\r\n\r\n"
                + QuotedPrintable.encode(body) + "\r\n"
        }
        return headers.joined(separator: "\r\n") + "\r\n\r\n"
            + "This is a multi-part message in MIME format.\r\n\r\n"
            + parts.joined() + "--\(boundary)--\r\n"
    }

    private static func partHeaders(subtype: String) -> [String] {
        ["Content-Type: text/\(subtype); charset=utf-8", "Content-Transfer-Encoding: quoted-printable"]
    }

    private static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
    }
}
