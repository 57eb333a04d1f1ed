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
import GatehouseCore
import Logging
import Testing

@testable import GatehouseServer

@Suite("SMTP transport against a fake server")
struct SMTPTransportTests {
    static let message = MailMessage(
        from: MailAddress("no-reply@gatehouse.test", name: "Gatehouse"),
        to: MailAddress("user@example.test", name: "Zoë"),
        subject: "Réinitialiser votre mot de passe",
        text: "Hello\n.hidden line\n.\nbye",
        html: "<p>Hello</p>\n.<p>dot</p>"
    )

    static func transport(
        port: Int,
        security: SMTPConfiguration.Security = .plain,
        username: String? = nil,
        password: String? = nil,
        commandTimeout: Duration = .seconds(5),
        caBundlePath: String? = nil,
        verifyCertificates: Bool = true
    ) -> SMTPTransport {
        SMTPTransport(
            configuration: SMTPConfiguration(
                host: "127.0.0.1",
                port: port,
                security: security,
                username: username,
                password: password,
                heloName: "client.test",
                connectTimeout: .seconds(5),
                commandTimeout: commandTimeout,
                caBundlePath: caBundlePath,
                verifyCertificates: verifyCertificates
            ),
            logger: Logger(label: "gatehouse.test.smtp")
        )
    }

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    @Test func deliversOverPlainWithAuthPlain() async throws {
        try await FakeSMTPServer.with { server in
            let transport = Self.transport(port: server.port, username: "mailer", password: "s3cret pass")
            #expect(transport.name == "smtp")
            try await transport.send(Self.message)

            #expect(
                server.recording.lines == [
                    "EHLO client.test",
                    "AUTH PLAIN " + Self.base64("\0mailer\0s3cret pass"),
                    "MAIL FROM:<no-reply@gatehouse.test>",
                    "RCPT TO:<user@example.test>",
                    "DATA",
                    "QUIT",
                ])
            let data = try #require(server.recording.rawData.first)
            let (head, body) = try #require(data.split(headerEnd: "\r\n\r\n"))
            let headers = head.components(separatedBy: "\r\n")
            #expect(headers.contains("From: \"Gatehouse\" <no-reply@gatehouse.test>"))
            #expect(headers.contains("To: =?utf-8?B?Wm/Dqw==?= <user@example.test>"))
            #expect(headers.contains("Subject: =?utf-8?B?" + Self.base64("Réinitialiser votre mot de passe") + "?="))
            #expect(headers.contains("MIME-Version: 1.0"))
            #expect(headers.contains { $0.hasPrefix("Date: ") && $0.hasSuffix(" +0000") })
            #expect(headers.contains { $0.hasPrefix("Message-ID: <") && $0.hasSuffix("@client.test>") })
            #expect(headers.contains { $0.hasPrefix("Content-Type: multipart/alternative; boundary=\"=_gatehouse_") })
            // Dot-stuffed on the wire: the server sees the doubled dots.
            #expect(body.contains("\r\n..hidden line\r\n..\r\nbye"))
            #expect(body.contains("\r\n..<p>dot</p>"))
            #expect(body.contains("Content-Type: text/plain; charset=utf-8"))
            #expect(body.contains("Content-Type: text/html; charset=utf-8"))
        }
    }

    @Test("the Date header is when the email was asked for, not when it is sent")
    func dateIsTheMessagesDate() async throws {
        try await FakeSMTPServer.with { server in
            var message = Self.message
            message.date = Timestamp(microsecondsSinceEpoch: 1_751_360_700_000_000)
            try await Self.transport(port: server.port).send(message)
            let data = try #require(server.recording.rawData.first)
            let (head, _) = try #require(data.split(headerEnd: "\r\n\r\n"))
            #expect(head.components(separatedBy: "\r\n").contains("Date: Tue, 01 Jul 2025 09:05:00 +0000"), "\(head)")
        }
    }

    @Test func usesAuthLoginWhenOnlyLoginIsOffered() async throws {
        var script = FakeSMTPScript()
        script.extensions = ["AUTH LOGIN"]
        try await FakeSMTPServer.with(script) { server in
            try await Self.transport(port: server.port, username: "mailer", password: "s3cret pass").send(Self.message)
            #expect(
                Array(server.recording.lines.prefix(4)) == [
                    "EHLO client.test", "AUTH LOGIN", Self.base64("mailer"), Self.base64("s3cret pass"),
                ])
            #expect(server.recording.rawData.count == 1)
        }
    }

    @Test func fallsBackToHELOWhenEHLOIsRefused() async throws {
        var script = FakeSMTPScript()
        script.rejectEHLO = true
        try await FakeSMTPServer.with(script) { server in
            try await Self.transport(port: server.port).send(Self.message)
            #expect(
                Array(server.recording.lines.prefix(3)) == ["EHLO client.test", "HELO client.test", "MAIL FROM:<no-reply@gatehouse.test>"])
        }
    }

    @Test func wrongPasswordIsPermanentAndNeverQuoted() async throws {
        try await FakeSMTPServer.with { server in
            let error = await #expect(throws: MailDeliveryError.self) {
                try await Self.transport(port: server.port, username: "mailer", password: "wrong-secret").send(Self.message)
            }
            #expect(error?.isTransient == false)
            #expect(error?.reason == "SMTP AUTH rejected: 535 5.7.8 Authentication credentials invalid")
            #expect(error?.reason.contains("wrong-secret") == false)
            #expect(!server.recording.lines.contains { $0.hasPrefix("MAIL") })
        }
    }

    @Test func credentialsWithoutASupportedMechanismFailPermanently() async throws {
        var script = FakeSMTPScript()
        script.extensions = ["AUTH CRAM-MD5 XOAUTH2"]
        try await FakeSMTPServer.with(script) { server in
            let error = await #expect(throws: MailDeliveryError.self) {
                try await Self.transport(port: server.port, username: "mailer", password: "s3cret pass").send(Self.message)
            }
            #expect(error?.isTransient == false)
            #expect(error?.reason.contains("no supported mechanism (offered: CRAM-MD5 XOAUTH2") == true)
        }
    }

    @Test func transientRecipientRejectionIsTransient() async throws {
        var script = FakeSMTPScript()
        script.replies["RCPT"] = "450 4.2.1 Mailbox busy, try later"
        try await FakeSMTPServer.with(script) { server in
            let error = await #expect(throws: MailDeliveryError.self) { try await Self.transport(port: server.port).send(Self.message) }
            #expect(error == MailDeliveryError(transient: true, "SMTP RCPT TO deferred: 450 4.2.1 Mailbox busy, try later"))
            #expect(server.recording.rawData.isEmpty)
        }
    }

    @Test func permanentRecipientRejectionIsPermanent() async throws {
        var script = FakeSMTPScript()
        script.replies["RCPT"] = "550-5.1.1 <user@example.test>: Recipient address rejected\r\n550 5.1.1 User unknown"
        try await FakeSMTPServer.with(script) { server in
            let error = await #expect(throws: MailDeliveryError.self) { try await Self.transport(port: server.port).send(Self.message) }
            #expect(
                error
                    == MailDeliveryError(
                        transient: false,
                        "SMTP RCPT TO rejected: 550 5.1.1 <user@example.test>: Recipient address rejected / 5.1.1 User unknown"
                    ))
        }
    }

    @Test func rejectionsAtOtherStages() async throws {
        let cases: [(verb: String, reply: String, transient: Bool, stage: String)] = [
            ("MAIL", "451 4.3.0 Temporary failure", true, "MAIL FROM"),
            ("MAIL", "553 5.7.1 Sender not allowed", false, "MAIL FROM"),
            ("DATA", "554 5.5.1 No valid recipients", false, "DATA"),
            ("END", "552 5.3.4 Message too big", false, "end of DATA"),
            ("END", "452 4.3.1 Insufficient storage", true, "end of DATA"),
        ]
        for item in cases {
            var script = FakeSMTPScript()
            script.replies[item.verb] = item.reply
            try await FakeSMTPServer.with(script) { server in
                let error = await #expect(throws: MailDeliveryError.self) { try await Self.transport(port: server.port).send(Self.message) }
                #expect(error?.isTransient == item.transient, "\(item)")
                #expect(error?.reason.hasPrefix("SMTP \(item.stage) ") == true, "\(String(describing: error))")
                #expect(error?.reason.contains(item.reply) == true)
            }
        }
    }

    @Test func greetingRefusals() async throws {
        for (greeting, transient) in [("421 4.3.2 Too busy", true), ("554 5.7.1 No service for you", false)] {
            var script = FakeSMTPScript()
            script.greeting = greeting
            try await FakeSMTPServer.with(script) { server in
                let error = await #expect(throws: MailDeliveryError.self) { try await Self.transport(port: server.port).send(Self.message) }
                #expect(error?.isTransient == transient)
                #expect(error?.reason.contains("greeting") == true && error?.reason.contains(greeting) == true)
            }
        }
    }

    @Test func serverClosingMidConversationIsTransient() async throws {
        var script = FakeSMTPScript()
        script.closeOn = "MAIL"
        try await FakeSMTPServer.with(script) { server in
            let error = await #expect(throws: MailDeliveryError.self) { try await Self.transport(port: server.port).send(Self.message) }
            #expect(error == MailDeliveryError(transient: true, "SMTP MAIL FROM: the server closed the connection"))
        }
    }

    // The time limit only stops a send that would hang (loaded machines took 7 s and more to
    // time out here); the error names the 300 ms that fired.
    @Test(.timeLimit(.minutes(3))) func silentServerTimesOut() async throws {
        var script = FakeSMTPScript()
        script.greeting = nil
        try await FakeSMTPServer.with(script) { server in
            let error = await #expect(throws: MailDeliveryError.self) {
                try await Self.transport(port: server.port, commandTimeout: .milliseconds(300)).send(Self.message)
            }
            #expect(error == MailDeliveryError(transient: true, "SMTP greeting: no reply within 300 ms"))
        }
    }

    @Test func serverThatStopsAnsweringMidConversationTimesOut() async throws {
        var script = FakeSMTPScript()
        script.silentOn = "RCPT"
        try await FakeSMTPServer.with(script) { server in
            // Long enough that the replies before RCPT arrive in time on a loaded 2-core CI
            // machine (300 ms once timed out at the greeting there); RCPT must be the one to expire.
            let error = await #expect(throws: MailDeliveryError.self) {
                try await Self.transport(port: server.port, commandTimeout: .seconds(2)).send(Self.message)
            }
            #expect(error == MailDeliveryError(transient: true, "SMTP RCPT TO: no reply within 2 s"))
        }
    }

    @Test func cancellationEndsTheWaitAndClosesTheConnection() async throws {
        var script = FakeSMTPScript()
        script.silentOn = "MAIL"
        try await FakeSMTPServer.with(script) { server in
            let transport = Self.transport(port: server.port, commandTimeout: .seconds(30))
            let task = Task { try await transport.send(Self.message) }
            await server.recording.wait(forCommand: "MAIL")
            task.cancel()
            let error = await #expect(throws: MailDeliveryError.self) { try await task.value }
            // "cancelled", not "no reply within 30 s": the cancellation ended it, not the timeout.
            #expect(error == MailDeliveryError(transient: true, "SMTP MAIL FROM: cancelled"))
        }
    }

    @Test func connectionRefusedIsTransient() async throws {
        let server = try await FakeSMTPServer.start()
        let port = server.port
        await server.stop()
        let error = await #expect(throws: MailDeliveryError.self) { try await Self.transport(port: port).send(Self.message) }
        #expect(error == MailDeliveryError(transient: true, "SMTP connect: could not connect to 127.0.0.1:\(port): connection refused"))
    }

    @Test func overlongReplyLineIsAProtocolError() async throws {
        var script = FakeSMTPScript()
        script.replies["EHLO"] = "250 " + String(repeating: "x", count: 9000)
        try await FakeSMTPServer.with(script) { server in
            let error = await #expect(throws: MailDeliveryError.self) { try await Self.transport(port: server.port).send(Self.message) }
            #expect(error == MailDeliveryError(transient: true, "SMTP EHLO: protocol error: reply line longer than 8192 bytes"))
        }
    }

    @Test func tooManyContinuationLinesAreAProtocolError() async throws {
        var script = FakeSMTPScript()
        script.replies["EHLO"] = (Array(repeating: "250-X", count: 101) + ["250 END"]).joined(separator: "\r\n")
        try await FakeSMTPServer.with(script) { server in
            let error = await #expect(throws: MailDeliveryError.self) { try await Self.transport(port: server.port).send(Self.message) }
            #expect(error == MailDeliveryError(transient: true, "SMTP EHLO: protocol error: reply has more than 100 continuation lines"))
        }
    }

    @Test func headerInjectionIsRefusedBeforeConnecting() async throws {
        try await FakeSMTPServer.with { server in
            var message = Self.message
            message.subject = "Hello\r\nBcc: everyone@example.test"
            let error = await #expect(throws: MailDeliveryError.self) { try await Self.transport(port: server.port).send(message) }
            #expect(error?.isTransient == false)
            #expect(server.recording.connections == 0)
        }
    }

    @Test func startTLSRequiredButNotOfferedFailsPermanently() async throws {
        try await FakeSMTPServer.with { server in
            let error = await #expect(throws: MailDeliveryError.self) {
                try await Self.transport(port: server.port, security: .startTLS, username: "mailer", password: "s3cret pass").send(
                    Self.message)
            }
            #expect(
                error
                    == MailDeliveryError(
                        transient: false,
                        "SMTP STARTTLS: 127.0.0.1:\(server.port) does not offer STARTTLS, which the configuration requires"
                    ))
            #expect(server.recording.lines == ["EHLO client.test"])
        }
    }

    @Test func configurationDescriptionHidesThePassword() {
        let configuration = SMTPConfiguration(host: "smtp.example.com", username: "mailer", password: "hunter2")
        #expect(configuration.port == 587)
        #expect(!"\(configuration)".contains("hunter2"))
        #expect(!String(reflecting: configuration).contains("hunter2"))
        #expect(SMTPConfiguration(host: "h", security: .implicitTLS).port == 465)
        #expect(SMTPConfiguration(host: "h", security: .plain).port == 25)
    }
}

extension String {
    /// The text before and after the first `separator`.
    fileprivate func split(headerEnd separator: String) -> (String, String)? {
        guard let range = range(of: separator) else { return nil }
        return (String(self[..<range.lowerBound]), String(self[range.upperBound...]))
    }
}
