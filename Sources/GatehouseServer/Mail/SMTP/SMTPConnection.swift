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
import NIOPosix
import NIOSSL

/// An open connection to an SMTP server: send a line or the message data, await the reply.
/// Each wait is bounded by the command timeout and ends early when the task is cancelled (the
/// connection is then closed); `close()` must be called on every path.
struct SMTPConnection: Sendable {
    let channel: any Channel
    let commandTimeout: TimeAmount
    /// What broke the connection first: a TLS error is more telling than the closed channel
    /// that a later write runs into.
    let firstFailure: SMTPFirstFailure

    /// Connects (and, for implicit TLS, starts the handshake); does not read the greeting.
    static func open(
        host: String,
        port: Int,
        connectTimeout: TimeAmount,
        commandTimeout: TimeAmount,
        implicitTLS: SMTPTLSUpgrade?,
        group: any EventLoopGroup
    ) async throws -> SMTPConnection {
        let firstFailure = SMTPFirstFailure()
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(connectTimeout)
            .channelOption(.socketOption(.so_keepalive), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: implicitTLS.context, serverHostname: implicitTLS.serverHostname)
                        )
                    }
                    try channel.pipeline.syncOperations.addHandler(SMTPClientHandler(failureRecord: firstFailure))
                }
            }
        let channel = try await bootstrap.connect(host: host, port: port).get()
        return SMTPConnection(channel: channel, commandTimeout: commandTimeout, firstFailure: firstFailure)
    }

    /// Waits for a reply without sending anything (the greeting).
    func nextReply() async throws -> SMTPReply {
        try await exchange(payload: nil)
    }

    /// Sends one command line (CRLF is added) and returns its reply.
    func send(_ command: String, timeout: TimeAmount? = nil) async throws -> SMTPReply {
        var payload = channel.allocator.buffer(capacity: command.utf8.count + 2)
        payload.writeString(command)
        payload.writeString("\r\n")
        return try await exchange(payload: payload, timeout: timeout)
    }

    /// Sends already dot-stuffed message data, terminator included, and returns the final reply.
    func sendData(_ data: String) async throws -> SMTPReply {
        try await exchange(payload: channel.allocator.buffer(string: data))
    }

    /// Sends STARTTLS; on a 220 reply the handler has put TLS in front of the pipeline.
    func startTLS(_ upgrade: SMTPTLSUpgrade) async throws -> SMTPReply {
        try await exchange(payload: channel.allocator.buffer(string: "STARTTLS\r\n"), tlsUpgrade: upgrade)
    }

    func close() async {
        try? await channel.close()
    }

    private func exchange(
        payload: ByteBuffer?,
        timeout: TimeAmount? = nil,
        tlsUpgrade: SMTPTLSUpgrade? = nil
    ) async throws -> SMTPReply {
        let reply = channel.eventLoop.makePromise(of: SMTPReply.self)
        let exchange = SMTPExchange(
            payload: payload,
            timeout: timeout ?? commandTimeout,
            reply: reply,
            tlsUpgrade: tlsUpgrade
        )
        do {
            try await channel.writeAndFlush(exchange)
        } catch {
            reply.fail(error)  // no-op when the handler already completed it
        }
        do {
            return try await withTaskCancellationHandler {
                try await reply.futureResult.get()
            } onCancel: { [channel, firstFailure] in
                firstFailure.record(CancellationError())
                channel.close(promise: nil)
            }
        } catch {
            throw firstFailure.error ?? error
        }
    }
}
