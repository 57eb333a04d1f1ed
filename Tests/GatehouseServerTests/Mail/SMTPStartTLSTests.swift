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

/// TLS against the fake server with a throwaway CA made by `openssl`. A certificate the client
/// cannot verify is a transient failure (like any failed TLS handshake: the operator may fix the
/// certificate or the CA bundle); an unreadable CA bundle is permanent (configuration).
@Suite("SMTP STARTTLS and implicit TLS", .enabled(if: SMTPTestCertificates.isAvailable, "needs the openssl command"))
struct SMTPStartTLSTests {
    private func withCertificates(_ body: (SMTPTestCertificates) async throws -> Void) async throws {
        let certificates = try await SMTPTestCertificates.make()
        do {
            try await body(certificates)
            certificates.remove()
        } catch {
            certificates.remove()
            throw error
        }
    }

    @Test func upgradesAndTrustsThePrivateCA() async throws {
        try await withCertificates { certificates in
            var script = FakeSMTPScript()
            script.startTLS = try certificates.serverContext()
            try await FakeSMTPServer.with(script) { server in
                let transport = SMTPTransportTests.transport(
                    port: server.port, security: .startTLS, username: "mailer", password: "s3cret pass",
                    caBundlePath: certificates.caPath
                )
                try await transport.send(SMTPTransportTests.message)
                let commands = server.recording.commands
                #expect(
                    commands.map(\.line) == [
                        "EHLO client.test", "STARTTLS", "EHLO client.test",
                        "AUTH PLAIN " + SMTPTransportTests.base64("\0mailer\0s3cret pass"),
                        "MAIL FROM:<no-reply@gatehouse.test>", "RCPT TO:<user@example.test>", "DATA", "QUIT",
                    ])
                #expect(commands.map(\.underTLS) == [false, false, true, true, true, true, true, true])
                #expect(server.recording.rawData.count == 1)
            }
        }
    }

    @Test func refusesACertificateItCannotVerify() async throws {
        try await withCertificates { certificates in
            var script = FakeSMTPScript()
            script.startTLS = try certificates.serverContext()
            try await FakeSMTPServer.with(script) { server in
                let transport = SMTPTransportTests.transport(
                    port: server.port, security: .startTLS, username: "mailer", password: "s3cret pass")
                let error = await #expect(throws: MailDeliveryError.self) { try await transport.send(SMTPTransportTests.message) }
                #expect(error?.isTransient == true)
                #expect(
                    error
                        == MailDeliveryError(transient: true, "SMTP EHLO after STARTTLS: TLS handshake failed (CERTIFICATE_VERIFY_FAILED)"))
                #expect(server.recording.lines == ["EHLO client.test", "STARTTLS"])
            }
        }
    }

    @Test func verificationCanBeTurnedOffForDevelopment() async throws {
        try await withCertificates { certificates in
            var script = FakeSMTPScript()
            script.startTLS = try certificates.serverContext()
            try await FakeSMTPServer.with(script) { server in
                let transport = SMTPTransportTests.transport(port: server.port, security: .startTLS, verifyCertificates: false)
                try await transport.send(SMTPTransportTests.message)
                #expect(server.recording.commands.last == FakeSMTPRecording.Command(line: "QUIT", underTLS: true))
            }
        }
    }

    @Test func implicitTLS() async throws {
        try await withCertificates { certificates in
            var script = FakeSMTPScript()
            script.implicitTLS = try certificates.serverContext()
            try await FakeSMTPServer.with(script) { server in
                let transport = SMTPTransportTests.transport(
                    port: server.port, security: .implicitTLS, username: "mailer", password: "s3cret pass",
                    caBundlePath: certificates.caPath
                )
                try await transport.send(SMTPTransportTests.message)
                #expect(server.recording.commands.allSatisfy { $0.underTLS })
                #expect(server.recording.lines.first == "EHLO client.test")
                #expect(server.recording.rawData.count == 1)
            }
        }
    }

    @Test func plaintextInjectedAfterTheSTARTTLSReplyIsRefused() async throws {
        try await withCertificates { certificates in
            var script = FakeSMTPScript()
            script.startTLS = try certificates.serverContext()
            script.injectAfterStartTLS = "250-injected\r\n250 AUTH PLAIN"
            try await FakeSMTPServer.with(script) { server in
                let transport = SMTPTransportTests.transport(
                    port: server.port, security: .startTLS, caBundlePath: certificates.caPath
                )
                let error = await #expect(throws: MailDeliveryError.self) { try await transport.send(SMTPTransportTests.message) }
                #expect(
                    error
                        == MailDeliveryError(
                            transient: true,
                            "SMTP STARTTLS: protocol error: the server sent data after its STARTTLS reply, before the TLS handshake"
                        ))
            }
        }
    }

    @Test func unreadableCABundleIsAPermanentConfigurationError() async throws {
        let transport = SMTPTransportTests.transport(port: 1, security: .startTLS, caBundlePath: "/nonexistent/ca.pem")
        let error = await #expect(throws: MailDeliveryError.self) { try await transport.send(SMTPTransportTests.message) }
        #expect(error?.isTransient == false)
        #expect(error?.reason.hasPrefix("SMTP TLS: cannot read the CA bundle /nonexistent/ca.pem") == true)
    }
}
