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

import Logging
import NIOCore

/// The client's side of one delivery over an open connection: greeting, EHLO (HELO when EHLO
/// is refused), STARTTLS, AUTH, MAIL FROM, RCPT TO, DATA (RFC 5321, RFC 3207, RFC 4954).
struct SMTPConversation {
    let configuration: SMTPConfiguration
    let connection: SMTPConnection
    /// What STARTTLS upgrades with (`.startTLS` security only).
    let startTLS: SMTPTLSUpgrade?
    let logger: Logger

    private var endpoint: String { "\(configuration.host):\(configuration.port)" }

    /// Runs the conversation until the server has accepted the message (the reply to the end
    /// of DATA), which it returns; throws at the first failure.
    func deliver(from sender: String, to recipient: String, data: String) async throws(MailDeliveryError) -> SMTPReply {
        let greeting = try await reply(at: .greeting) { try await connection.nextReply() }
        try expect(greeting, at: .greeting) { $0 == 220 }
        var capabilities = try await hello(at: .ehlo)
        if configuration.security == .startTLS {
            guard capabilities.supportsStartTLS, let startTLS else {
                throw MailDeliveryError(
                    transient: false,
                    "SMTP STARTTLS: \(endpoint) does not offer STARTTLS, which the configuration requires"
                )
            }
            let reply = try await reply(at: .startTLS) { try await connection.startTLS(startTLS) }
            try expect(reply, at: .startTLS) { $0 == 220 }
            capabilities = try await hello(at: .ehloAfterTLS)
        }
        try await authenticate(offered: capabilities.authenticationMechanisms)
        try expect(try await command("MAIL FROM:<\(sender)>", at: .mailFrom), at: .mailFrom) { (200..<300).contains($0) }
        try expect(try await command("RCPT TO:<\(recipient)>", at: .recipient), at: .recipient) { $0 == 250 || $0 == 251 }
        try expect(try await command("DATA", at: .data), at: .data) { $0 == 354 }
        let accepted = try await reply(at: .messageData) { try await connection.sendData(data) }
        try expect(accepted, at: .messageData) { (200..<300).contains($0) }
        return accepted
    }

    /// Says goodbye without caring for the answer: the message is already accepted.
    func quit() async {
        _ = try? await connection.send("QUIT", timeout: min(connection.commandTimeout, .seconds(5)))
    }

    private func hello(at stage: SMTPStage) async throws(MailDeliveryError) -> SMTPCapabilities {
        let reply = try await command("EHLO \(configuration.heloName)", at: stage)
        if reply.isPositiveCompletion { return SMTPCapabilities(ehloReply: reply) }
        guard reply.isPermanentFailure else { throw SMTPFailure.unexpected(reply, at: stage) }
        // A server that does not know EHLO answers 5xx; HELO then gets a session without extensions.
        let helo = try await command("HELO \(configuration.heloName)", at: .helo)
        try expect(helo, at: .helo) { (200..<300).contains($0) }
        return SMTPCapabilities()
    }

    private func authenticate(offered: Set<String>) async throws(MailDeliveryError) {
        guard let username = configuration.username else { return }
        let password = configuration.password ?? ""
        guard let mechanism = SMTPAuthenticationMechanism.preferred(from: offered) else {
            let list = offered.isEmpty ? "none" : offered.sorted().joined(separator: " ")
            throw MailDeliveryError(
                transient: false,
                "SMTP AUTH: credentials are configured but \(endpoint) offers no supported mechanism (offered: \(list); supported: PLAIN, LOGIN)"
            )
        }
        let stage = SMTPStage.authentication
        switch mechanism {
        case .plain:
            let response = SMTPAuthenticationMechanism.plainResponse(username: username, password: password)
            var reply = try await command("AUTH PLAIN " + response, at: stage, logAs: "AUTH PLAIN <redacted>")
            if reply.code == 334 {  // a server that wants the response on its own line
                reply = try await command(response, at: stage, logAs: "<redacted>")
            }
            try expect(reply, at: stage) { (200..<300).contains($0) }
        case .login:
            try expect(try await command("AUTH LOGIN", at: stage), at: stage) { $0 == 334 }
            let user = SMTPAuthenticationMechanism.loginResponse(username)
            try expect(try await command(user, at: stage, logAs: "<redacted username>"), at: stage) { $0 == 334 }
            let secret = SMTPAuthenticationMechanism.loginResponse(password)
            try expect(try await command(secret, at: stage, logAs: "<redacted password>"), at: stage) { (200..<300).contains($0) }
        }
    }

    private func command(_ line: String, at stage: SMTPStage, logAs: String? = nil) async throws(MailDeliveryError) -> SMTPReply {
        logger.trace("SMTP command", metadata: ["smtp.command": .string(logAs ?? line)])
        return try await reply(at: stage) { try await connection.send(line) }
    }

    private func reply(at stage: SMTPStage, _ operation: () async throws -> SMTPReply) async throws(MailDeliveryError) -> SMTPReply {
        let reply: SMTPReply
        do {
            reply = try await operation()
        } catch {
            throw SMTPFailure.connection(error, at: stage, endpoint: endpoint)
        }
        logger.trace("SMTP reply", metadata: ["smtp.stage": .string(stage.rawValue), "smtp.reply": .string(reply.summary())])
        return reply
    }

    private func expect(_ reply: SMTPReply, at stage: SMTPStage, _ isExpected: (Int) -> Bool) throws(MailDeliveryError) {
        guard isExpected(reply.code) else { throw SMTPFailure.unexpected(reply, at: stage) }
    }
}
