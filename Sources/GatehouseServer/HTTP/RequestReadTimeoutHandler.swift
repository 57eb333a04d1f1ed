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
import NIOHTTPTypes

/// Drops connections whose request arrives too slowly (slow-loris clients), which Hummingbird's
/// idle timeout alone does not: it measures time since the last *complete* HTTP part, so it
/// cannot tell a client that is about to finish from one that drips a byte at a time forever.
///
/// - header timeout: from the moment the connection opens, the first request head must be
///   complete within it (later requests on a kept-alive connection are bounded by the idle
///   timeout, since the start of their head cannot be seen after the HTTP decoder);
/// - read timeout: once a head has arrived, the rest of that request (its body) must arrive
///   within it.
///
/// On expiry the connection is closed; a response already being computed is not cut short,
/// since the request has then been read in full and no timer runs.
final class RequestReadTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let headerTimeout: TimeAmount
    private let readTimeout: TimeAmount
    private var timer: Scheduled<Void>?

    init(headerTimeout: TimeAmount, readTimeout: TimeAmount) {
        self.headerTimeout = headerTimeout
        self.readTimeout = readTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(headerTimeout, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if timer == nil { arm(headerTimeout, context: context) }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(readTimeout, context: context)
        case .end: disarm()
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
