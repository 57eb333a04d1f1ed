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

import NIOCore
import Testing

@testable import GatehouseServer

@Suite("SMTP reply parsing")
struct SMTPReplyParsingTests {
    private func parse(_ lines: [String]) throws -> [SMTPReply] {
        var parser = SMTPReplyParser()
        var replies: [SMTPReply] = []
        for line in lines {
            if let reply = try parser.consume(line) { replies.append(reply) }
        }
        return replies
    }

    @Test func singleLineReply() throws {
        #expect(try parse(["220 mail.example.com ESMTP ready"]) == [SMTPReply(code: 220, lines: ["mail.example.com ESMTP ready"])])
    }

    @Test func bareCodeIsAFinalLine() throws {
        #expect(try parse(["250"]) == [SMTPReply(code: 250, lines: [""])])
    }

    @Test func multiLineReplyEndsAtTheLineWithASpace() throws {
        let replies = try parse(["250-mail.example.com", "250-STARTTLS", "250-AUTH PLAIN LOGIN", "250 8BITMIME", "354 go"])
        #expect(
            replies == [
                SMTPReply(code: 250, lines: ["mail.example.com", "STARTTLS", "AUTH PLAIN LOGIN", "8BITMIME"]),
                SMTPReply(code: 354, lines: ["go"]),
            ])
    }

    @Test(arguments: ["", "25", "abc hello", "2x0 ok", "250_ok", "650 out of range", "099 nope"])
    func malformedLinesAreProtocolErrors(_ line: String) {
        var parser = SMTPReplyParser()
        #expect(throws: SMTPProtocolViolation.self) { try parser.consume(line) }
    }

    @Test func codeMustNotChangeWithinAReply() {
        #expect(throws: SMTPProtocolViolation.self) { try parse(["250-first", "251 second"]) }
    }

    @Test func moreThanOneHundredContinuationLinesAreRefused() throws {
        let allowed = Array(repeating: "250-x", count: SMTPReplyParser.maximumContinuationLines) + ["250 end"]
        #expect(try parse(allowed).first?.lines.count == 101)
        let tooMany = Array(repeating: "250-x", count: SMTPReplyParser.maximumContinuationLines + 1) + ["250 end"]
        #expect(throws: SMTPProtocolViolation.self) { try parse(tooMany) }
    }

    @Test func summaryIsOneTrimmedLine() {
        let reply = SMTPReply(code: 550, lines: ["5.1.1 <x@example.com>: no such user", "  see https://example.com/help\t"])
        #expect(reply.summary() == "550 5.1.1 <x@example.com>: no such user / see https://example.com/help")
        let long = SMTPReply(code: 451, lines: [String(repeating: "a", count: 500)])
        #expect(long.summary().count == 200)
    }

    @Test func framerSplitsOnCRLFAndBareLF() throws {
        var framer = SMTPLineFramer()
        var bytes = ByteBuffer(string: "220 hi\r\n250-a\n250 b\r\n25")
        framer.append(&bytes)
        #expect(try framer.nextLine() == "220 hi")
        #expect(try framer.nextLine() == "250-a")
        #expect(try framer.nextLine() == "250 b")
        #expect(try framer.nextLine() == nil)
        #expect(framer.hasPendingBytes)
        var rest = ByteBuffer(string: "0 c\r\n")
        framer.append(&rest)
        #expect(try framer.nextLine() == "250 c")
        #expect(!framer.hasPendingBytes)
    }

    @Test func framerRefusesLinesOverEightKiB() throws {
        var framer = SMTPLineFramer()
        var fits = ByteBuffer(string: "250 " + String(repeating: "a", count: SMTPLineFramer.maximumLineLength - 4) + "\r\n")
        framer.append(&fits)
        #expect(try framer.nextLine()?.utf8.count == SMTPLineFramer.maximumLineLength)

        var endless = ByteBuffer(string: String(repeating: "a", count: SMTPLineFramer.maximumLineLength + 10))
        framer.append(&endless)
        #expect(throws: SMTPProtocolViolation.self) { try framer.nextLine() }
    }

    @Test func capabilitiesFromEHLO() {
        let reply = SMTPReply(
            code: 250, lines: ["mail.example.com greets you", "starttls", "AUTH LOGIN CRAM-MD5", "AUTH=PLAIN", "SIZE 1000"])
        let capabilities = SMTPCapabilities(ehloReply: reply)
        #expect(capabilities.supportsStartTLS)
        #expect(capabilities.authenticationMechanisms == ["LOGIN", "CRAM-MD5", "PLAIN"])
        #expect(SMTPAuthenticationMechanism.preferred(from: capabilities.authenticationMechanisms) == .plain)
        #expect(SMTPAuthenticationMechanism.preferred(from: ["LOGIN"]) == .login)
        #expect(SMTPAuthenticationMechanism.preferred(from: ["XOAUTH2"]) == nil)
        #expect(!SMTPCapabilities().supportsStartTLS)
    }

    @Test func authPlainResponse() {
        // RFC 4616 example shape: NUL user NUL password.
        #expect(SMTPAuthenticationMechanism.plainResponse(username: "tim", password: "tanstaaftanstaaf") == "AHRpbQB0YW5zdGFhZnRhbnN0YWFm")
        #expect(SMTPAuthenticationMechanism.loginResponse("user") == "dXNlcg==")
    }
}
