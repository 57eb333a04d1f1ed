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
import Testing

@testable import GatehouseServer

@Suite("SMTP message encoding")
struct SMTPMessageEncodingTests {
    // MARK: dot-stuffing

    @Test func dotStuffingDoublesLeadingDotsAndTerminates() {
        let payload = SMTPDataEncoding.payload(for: "a\n.b\r\n..c\r.\nd.e\n.")
        #expect(payload == "a\r\n..b\r\n...c\r\n..\r\nd.e\r\n..\r\n.\r\n")
    }

    @Test func dotStuffingOfEmptyAndTerminatedText() {
        #expect(SMTPDataEncoding.payload(for: "") == ".\r\n")
        #expect(SMTPDataEncoding.payload(for: "x\r\n") == "x\r\n.\r\n")
    }

    // MARK: quoted-printable

    private func decodeQuotedPrintable(_ encoded: String) -> String {
        var bytes: [UInt8] = []
        let lines = encoded.components(separatedBy: "\r\n")
        for (index, line) in lines.enumerated() {
            var chars = Array(line.utf8)
            let soft = chars.last == UInt8(ascii: "=")
            if soft { chars.removeLast() }
            var i = 0
            while i < chars.count {
                if chars[i] == UInt8(ascii: "="), i + 2 < chars.count,
                    let byte = UInt8(String(decoding: chars[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
                {
                    bytes.append(byte)
                    i += 3
                } else {
                    bytes.append(chars[i])
                    i += 1
                }
            }
            if !soft, index < lines.count - 1 { bytes.append(contentsOf: [13, 10]) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func quotedPrintableKeepsLinesShortAndRoundTrips() {
        let text =
            "Héllo wörld = 100% ✓ " + String(repeating: "long-line ", count: 30) + "\n"
            + String(repeating: "é", count: 80) + "\n\ttrailing space \nend"
        let encoded = QuotedPrintable.encode(text)
        for line in encoded.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 76, "line too long: \(line)")
            #expect(!line.hasSuffix(" ") && !line.hasSuffix("\t"))
            #expect(line.utf8.allSatisfy { $0 < 0x80 })
        }
        #expect(!encoded.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(decodeQuotedPrintable(encoded) == text.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(encoded.contains("=3D 100% =E2=9C=93"))
        #expect(encoded.contains("space=20\r\n"))
    }

    @Test func quotedPrintableNeverContainsTheBoundaryMarker() {
        let encoded = QuotedPrintable.encode("=_gatehouse_ tricky ==_ text")
        #expect(!encoded.contains("=_"))
    }

    // MARK: RFC 2047

    private func decodeEncodedWords(_ words: [String]) -> String {
        var bytes: [UInt8] = []
        for word in words {
            #expect(word.hasPrefix("=?utf-8?B?") && word.hasSuffix("?="))
            let payload = word.dropFirst(10).dropLast(2)
            bytes += Data(base64Encoded: String(payload)).map(Array.init) ?? []
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func asciiSubjectStaysReadable() {
        #expect(MIMEHeaderEncoding.unstructuredField("Subject", "Reset your password") == "Subject: Reset your password")
    }

    @Test func nonASCIISubjectBecomesEncodedWords() throws {
        let subject = "Réinitialisez votre mot de passe — 密码重置 🔐 " + String(repeating: "ü", count: 60)
        let field = MIMEHeaderEncoding.unstructuredField("Subject", subject)
        let lines = field.components(separatedBy: "\r\n")
        #expect(lines.count > 1)
        #expect(lines[0].hasPrefix("Subject: =?utf-8?B?"))
        for (index, line) in lines.enumerated() {
            #expect(line.utf8.count <= 76, "line too long: \(line)")
            #expect(line.utf8.allSatisfy { $0 < 0x80 })
            if index > 0 { #expect(line.hasPrefix(" =?utf-8?B?")) }
        }
        let words = field.dropFirst("Subject: ".count).components(separatedBy: "\r\n ")
        for word in words { #expect(word.count <= 75) }
        #expect(decodeEncodedWords(words) == subject)
    }

    @Test func encodedWordsNeverSplitACharacter() {
        let text = String(repeating: "🔐", count: 40)  // 4 bytes each
        let words = MIMEHeaderEncoding.encodedWords(text)
        for word in words {
            let decoded = Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))!
            #expect(String(data: decoded, encoding: .utf8) != nil)
        }
        #expect(decodeEncodedWords(words) == text)
    }

    @Test func textThatLooksEncodedIsEncoded() {
        #expect(MIMEHeaderEncoding.needsEncoding("=?utf-8?B?AAAA?="))
        #expect(!MIMEHeaderEncoding.needsEncoding("plain subject"))
    }

    @Test func addressFields() {
        #expect(MIMEHeaderEncoding.addressField("To", MailAddress("a@example.com")) == "To: a@example.com")
        #expect(
            MIMEHeaderEncoding.addressField("From", MailAddress("no-reply@example.com", name: "Gatehouse"))
                == "From: \"Gatehouse\" <no-reply@example.com>")
        #expect(
            MIMEHeaderEncoding.addressField("From", MailAddress("x@example.com", name: "Say \"hi\" \\ o/"))
                == "From: \"Say \\\"hi\\\" \\\\ o/\" <x@example.com>")
        let encoded = MIMEHeaderEncoding.addressField("From", MailAddress("x@example.com", name: "Zoë Åberg"))
        #expect(encoded == "From: =?utf-8?B?" + Data("Zoë Åberg".utf8).base64EncodedString() + "?= <x@example.com>")
    }

    // MARK: header injection

    @Test(arguments: [
        MailMessage(
            from: MailAddress("a@example.com"), to: MailAddress("b@example.com"), subject: "Hi\r\nBcc: victim@example.com", text: "x"),
        MailMessage(
            from: MailAddress("a@example.com"), to: MailAddress("b@example.com\r\nRCPT TO:<c@example.com>"), subject: "Hi", text: "x"),
        MailMessage(
            from: MailAddress("a@example.com", name: "Eve\nBcc: x@example.com"), to: MailAddress("b@example.com"), subject: "Hi", text: "x"),
        MailMessage(from: MailAddress("a@example.com"), to: MailAddress("b@example.com", name: "Bob\r"), subject: "Hi", text: "x"),
        MailMessage(from: MailAddress("a@exa\nmple.com"), to: MailAddress("b@example.com"), subject: "Hi", text: "x"),
    ])
    func lineBreaksInHeadersAreRefusedForGood(_ message: MailMessage) {
        let error = #expect(throws: MailDeliveryError.self) { try MailHeaderValidation.validate(message) }
        #expect(error?.isTransient == false)
        #expect(error?.reason.contains("header injection") == true)
    }

    @Test(arguments: ["", "no-at-sign", "@example.com", "a@", "a b@example.com", "<a@example.com>", "zoë@example.com"])
    func malformedAddressesAreRefused(_ address: String) {
        let message = MailMessage(from: MailAddress("a@example.com"), to: MailAddress(address), subject: "Hi", text: "x")
        let error = #expect(throws: MailDeliveryError.self) { try MailHeaderValidation.validate(message) }
        #expect(error?.isTransient == false)
    }

    @Test func bodyMayHoldAnything() throws {
        let message = MailMessage(
            from: MailAddress("a@example.com"), to: MailAddress("b@example.com"), subject: "Hi",
            text: "line\r\nBcc: nobody@example.com\r\n.\r\n", html: "<p>\r\n.</p>"
        )
        try MailHeaderValidation.validate(message)
    }

    // MARK: MIME structure

    private let fixedDate = Date(timeIntervalSince1970: 1_751_360_700)  // Tue, 01 Jul 2025 09:05:00 UTC

    @Test func dateHeaderFormat() {
        #expect(RFC5322Date.string(from: fixedDate) == "Tue, 01 Jul 2025 09:05:00 +0000")
        #expect(RFC5322Date.string(from: Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 +0000")
    }

    @Test func multipartAlternativeStructure() {
        let composer = MIMEComposer(date: fixedDate, messageID: "abc123@example.com", boundary: "=_gatehouse_b1")
        let message = MailMessage(
            from: MailAddress("no-reply@example.com", name: "Gatehouse"),
            to: MailAddress("user@example.org", name: "Zoë"),
            subject: "Reset your password",
            text: "Open the link:\nhttps://example.com/reset-password?token=abc",
            html: "<p>Open <a href=\"https://example.com/reset-password?token=abc\">the link</a></p>"
        )
        let mime = composer.compose(message)
        let (head, body) = split(mime)
        #expect(
            head == [
                "Date: Tue, 01 Jul 2025 09:05:00 +0000",
                "From: \"Gatehouse\" <no-reply@example.com>",
                "To: =?utf-8?B?Wm/Dqw==?= <user@example.org>",
                "Subject: Reset your password",
                "Message-ID: <abc123@example.com>",
                "MIME-Version: 1.0",
                "Content-Type: multipart/alternative; boundary=\"=_gatehouse_b1\"",
            ])
        let parts = body.components(separatedBy: "--=_gatehouse_b1")
        #expect(parts.count == 4)  // preamble, plain, html, "--" epilogue
        #expect(parts[1].hasPrefix("\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"))
        #expect(parts[1].contains("Open the link:\r\nhttps://example.com/reset-password?token=3Dabc\r\n"))
        #expect(parts[2].hasPrefix("\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"))
        #expect(parts[2].contains("href=3D\"https://example.com/reset-password?token=3Dabc\""))
        #expect(parts[3] == "--\r\n")
        #expect(!mime.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(mime.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
    }

    @Test func plainTextOnlyIsASinglePart() {
        let composer = MIMEComposer(date: fixedDate, messageID: "id@example.com", boundary: "=_unused")
        let mime = composer.compose(
            MailMessage(from: MailAddress("a@example.com"), to: MailAddress("b@example.com"), subject: "S", text: "Hello"))
        let (head, body) = split(mime)
        #expect(head.suffix(2) == ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable"])
        #expect(body == "Hello\r\n")
        #expect(!mime.contains("multipart"))
    }

    @Test func messageIDDomain() {
        let sender = MailAddress("no-reply@mail.example.com")
        #expect(MIMEComposer.messageIDDomain(heloName: "localhost", from: sender) == "mail.example.com")
        #expect(MIMEComposer.messageIDDomain(heloName: "[127.0.0.1]", from: sender) == "mail.example.com")
        #expect(MIMEComposer.messageIDDomain(heloName: "10.0.0.1", from: sender) == "mail.example.com")
        #expect(MIMEComposer.messageIDDomain(heloName: "gatehouse.example.net", from: sender) == "gatehouse.example.net")
        let random = MIMEComposer(messageIDDomain: "example.com")
        #expect(random.messageID.hasSuffix("@example.com") && random.messageID.count == 32 + 12)
        #expect(random.boundary.hasPrefix("=_gatehouse_"))
    }

    private func split(_ mime: String) -> (head: [String], body: String) {
        let range = mime.range(of: "\r\n\r\n")!
        return (mime[..<range.lowerBound].components(separatedBy: "\r\n"), String(mime[range.upperBound...]))
    }
}
