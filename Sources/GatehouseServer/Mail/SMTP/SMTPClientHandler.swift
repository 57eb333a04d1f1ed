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
import NIOSSL
import Synchronization

/// One request to the connection: send `payload` (if any), then deliver the next reply to `reply`,
/// or fail it when no reply comes within `timeout`.
struct SMTPExchange: Sendable {
    var payload: ByteBuffer?
    var timeout: TimeAmount
    var reply: EventLoopPromise<SMTPReply>
    /// Set on STARTTLS: a 220 reply puts the TLS handler in front of the pipeline before another
    /// byte is read, so nothing the server sent in clear can pass for a reply sent under TLS.
    var tlsUpgrade: SMTPTLSUpgrade?
}

struct SMTPTLSUpgrade: Sendable {
    var context: NIOSSLContext
    /// For SNI and hostname verification; `nil` for an IP address (verified against the peer's address).
    var serverHostname: String?
}

/// The first failure of a connection, readable from any thread.
final class SMTPFirstFailure: Sendable {
    private let state = Mutex<(any Error)?>(nil)

    var error: (any Error)? { state.withLock { $0 } }

    func record(_ error: any Error) {
        state.withLock { if $0 == nil { $0 = error } }
    }
}

/// Why a connection ended without the reply that was awaited.
enum SMTPConnectionFailure: Error, Equatable {
    case timedOut(TimeAmount)
    case closedByServer
}

/// The client end of an SMTP connection as one handler: frames lines, assembles replies, and
/// pairs each reply with the exchange waiting for it. Any failure (protocol violation, timeout,
/// I/O or TLS error) fails every waiting exchange and closes the channel.
final class SMTPClientHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = SMTPExchange
    typealias OutboundOut = ByteBuffer

    /// Replies nobody asked for yet (the greeting, a 421 before closing) that are kept.
    static let maximumQueuedReplies = 4

    private struct Waiter {
        var exchange: SMTPExchange
        var timer: Scheduled<Void>?
    }

    private var framer = SMTPLineFramer()
    private var parser = SMTPReplyParser()
    private var queuedReplies: [SMTPReply] = []
    private var waiters: [Waiter] = []
    private var failure: (any Error)?
    private let failureRecord: SMTPFirstFailure

    /// `failureRecord` learns the first failure, for exchanges that can no longer reach this
    /// handler once the channel is closed.
    init(failureRecord: SMTPFirstFailure) {
        self.failureRecord = failureRecord
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let exchange = unwrapOutboundIn(data)
        if let failure, queuedReplies.isEmpty {
            exchange.reply.fail(failure)
            promise?.fail(failure)
            return
        }
        var timer: Scheduled<Void>?
        if failure == nil {
            let timeout = exchange.timeout
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
                self.fail(context: context, with: SMTPConnectionFailure.timedOut(timeout))
            }
        }
        waiters.append(Waiter(exchange: exchange, timer: timer))
        if failure == nil, let payload = exchange.payload {
            context.write(wrapOutboundOut(payload), promise: promise)
        } else {
            promise?.succeed()
        }
        deliverQueuedReplies(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard failure == nil else { return }
        var bytes = unwrapInboundIn(data)
        framer.append(&bytes)
        do {
            while failure == nil, let line = try framer.nextLine() {
                guard let reply = try parser.consume(line) else { continue }
                queuedReplies.append(reply)
                guard queuedReplies.count <= Self.maximumQueuedReplies else {
                    throw SMTPProtocolViolation("the server sent more than \(Self.maximumQueuedReplies) replies nobody asked for")
                }
                deliverQueuedReplies(context: context)
            }
        } catch {
            fail(context: context, with: error)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(context: context, with: error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        failWaiters(with: SMTPConnectionFailure.closedByServer)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        failWaiters(with: ChannelError.ioOnClosedChannel)
    }

    private func deliverQueuedReplies(context: ChannelHandlerContext) {
        while !queuedReplies.isEmpty, !waiters.isEmpty {
            let reply = queuedReplies.removeFirst()
            let waiter = waiters.removeFirst()
            waiter.timer?.cancel()
            if let upgrade = waiter.exchange.tlsUpgrade, reply.code == 220, failure == nil {
                do {
                    try startTLS(upgrade, context: context)
                } catch {
                    waiter.exchange.reply.fail(error)
                    fail(context: context, with: error)
                    return
                }
            }
            waiter.exchange.reply.succeed(reply)
        }
    }

    private func startTLS(_ upgrade: SMTPTLSUpgrade, context: ChannelHandlerContext) throws {
        guard queuedReplies.isEmpty, parser.isIdle, !framer.hasPendingBytes else {
            throw SMTPProtocolViolation("the server sent data after its STARTTLS reply, before the TLS handshake")
        }
        let tls = try NIOSSLClientHandler(context: upgrade.context, serverHostname: upgrade.serverHostname)
        try context.pipeline.syncOperations.addHandler(tls, position: .first)
    }

    private func fail(context: ChannelHandlerContext, with error: any Error) {
        failWaiters(with: error)
        context.close(promise: nil)
    }

    private func failWaiters(with error: any Error) {
        if failure == nil {
            failure = error
            failureRecord.record(error)
        }
        let failed = waiters
        waiters = []
        for waiter in failed {
            waiter.timer?.cancel()
            waiter.exchange.reply.fail(failure ?? error)
        }
    }
}
