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
import NIOPosix
import NIOSSL

/// Delivers mail to an SMTP relay (a provider's submission port, a local MTA), one connection
/// per message: connect, EHLO, STARTTLS when configured, AUTH when credentials are set, the
/// envelope, the MIME message, QUIT. The connection is closed on every path.
public struct SMTPTransport: MailTransport {
    public let configuration: SMTPConfiguration
    private let eventLoopGroup: any EventLoopGroup
    private let logger: Logger
    /// Built once; `nil` for `.plain`. A broken TLS setup (unreadable CA bundle) fails every send.
    private let tlsContext: Result<NIOSSLContext, MailDeliveryError>?

    public var name: String { "smtp" }

    public init(
        configuration: SMTPConfiguration,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger
    ) {
        self.configuration = configuration
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
        if configuration.security == .plain {
            tlsContext = nil
        } else {
            tlsContext = Result { () throws(MailDeliveryError) in try SMTPTLS.makeContext(for: configuration) }
        }
    }

    public func send(_ message: MailMessage) async throws(MailDeliveryError) {
        try MailHeaderValidation.validate(message)
        try Self.validateHeloName(configuration.heloName)
        let upgrade = try tlsContext.map { result throws(MailDeliveryError) in
            SMTPTLS.upgrade(context: try result.get(), host: configuration.host)
        }
        let composer = MIMEComposer(
            messageIDDomain: MIMEComposer.messageIDDomain(heloName: configuration.heloName, from: message.from),
            date: message.date?.date
        )
        let data = SMTPDataEncoding.payload(for: composer.compose(message))

        let connection: SMTPConnection
        do {
            connection = try await SMTPConnection.open(
                host: configuration.host,
                port: configuration.port,
                connectTimeout: TimeAmount(configuration.connectTimeout),
                commandTimeout: TimeAmount(configuration.commandTimeout),
                implicitTLS: configuration.security == .implicitTLS ? upgrade : nil,
                group: eventLoopGroup
            )
        } catch {
            throw SMTPFailure.connection(error, at: .connect, endpoint: "\(configuration.host):\(configuration.port)")
        }
        let conversation = SMTPConversation(
            configuration: configuration,
            connection: connection,
            startTLS: configuration.security == .startTLS ? upgrade : nil,
            logger: logger
        )
        do throws(MailDeliveryError) {
            let accepted = try await conversation.deliver(from: message.from.address, to: message.to.address, data: data)
            await conversation.quit()
            await connection.close()
            logger.debug(
                "SMTP message accepted",
                metadata: [
                    "smtp.server": .string("\(configuration.host):\(configuration.port)"), "smtp.reply": .string(accepted.summary()),
                ]
            )
        } catch {
            await connection.close()
            throw error
        }
    }

    /// The EHLO argument goes on the command line as is: one word, printable ASCII.
    static func validateHeloName(_ name: String) throws(MailDeliveryError) {
        guard !name.isEmpty, name.utf8.count <= 255, name.utf8.allSatisfy({ (33...126).contains($0) }) else {
            throw MailDeliveryError(transient: false, "SMTP configuration: the helo name must be one word of printable ASCII")
        }
    }
}
