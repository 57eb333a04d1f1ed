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
import GatehouseTestSupport
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

@testable import GatehouseServer

/// How the fake server behaves. Defaults: a friendly ESMTP server that accepts everything.
struct FakeSMTPScript: Sendable {
    /// `nil`: accept the connection and never say a word.
    var greeting: String? = "220 fake.test ESMTP ready"
    /// Announced after the EHLO greeting line.
    var extensions: [String] = ["8BITMIME", "AUTH PLAIN LOGIN"]
    /// Offers STARTTLS and upgrades with this context.
    var startTLS: NIOSSLContext?
    /// Speaks TLS from the first byte.
    var implicitTLS: NIOSSLContext?
    /// Bytes sent in clear right after the 220 to STARTTLS (an injection attempt).
    var injectAfterStartTLS: String?
    /// Answers EHLO with 502 so that the client falls back to HELO.
    var rejectEHLO = false
    var username = "mailer"
    var password = "s3cret pass"
    /// Command verb (`RCPT`, `MAIL`, `DATA`, `EHLO`, `END` for the end of data) → raw reply
    /// text, CRLF-separated lines allowed.
    var replies: [String: String] = [:]
    /// On this verb, close the connection without answering.
    var closeOn: String?
    /// On this verb, say nothing and keep the connection open.
    var silentOn: String?
}

/// What the fake server saw, for the test to check.
final class FakeSMTPRecording: Sendable {
    struct Command: Equatable, Sendable {
        var line: String
        var underTLS: Bool
    }

    private struct State {
        var connections = 0
        var commands: [Command] = []
        /// The DATA lines exactly as received (still dot-stuffed), CRLF-joined, without the final ".".
        var rawData: [String] = []
    }

    private let state = Watched(State())

    var connections: Int { state.value.connections }
    var commands: [Command] { state.value.commands }
    var lines: [String] { commands.map(\.line) }
    var rawData: [String] { state.value.rawData }

    func connected() { state.update { $0.connections += 1 } }
    func received(_ line: String, underTLS: Bool) { state.update { $0.commands.append(Command(line: line, underTLS: underTLS)) } }
    func receivedData(_ data: String) { state.update { $0.rawData.append(data) } }

    /// Returns once a command starting with `prefix` arrived (bounded, see `Watched`).
    func wait(forCommand prefix: String) async {
        await state.wait { $0.commands.contains { $0.line.hasPrefix(prefix) } }
    }
}

/// An SMTP server on 127.0.0.1 (port chosen by the system) for conversation tests.
final class FakeSMTPServer: Sendable {
    let port: Int
    let recording: FakeSMTPRecording
    private let channel: any Channel
    private let connections: FakeSMTPConnections

    private init(port: Int, recording: FakeSMTPRecording, channel: any Channel, connections: FakeSMTPConnections) {
        self.port = port
        self.recording = recording
        self.channel = channel
        self.connections = connections
    }

    static func start(_ script: FakeSMTPScript = FakeSMTPScript()) async throws -> FakeSMTPServer {
        let recording = FakeSMTPRecording()
        let connections = FakeSMTPConnections()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                connections.add(child)
                recording.connected()
                return child.eventLoop.makeCompletedFuture {
                    if let implicitTLS = script.implicitTLS {
                        try child.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: implicitTLS))
                    }
                    try child.pipeline.syncOperations.addHandler(
                        FakeSMTPSessionHandler(script: script, recording: recording, underTLS: script.implicitTLS != nil)
                    )
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return FakeSMTPServer(port: channel.localAddress!.port!, recording: recording, channel: channel, connections: connections)
    }

    func stop() async {
        try? await channel.close()
        for child in connections.all { try? await child.close() }
    }

    /// Runs `body` against a started server and stops it whatever happens.
    static func with<T>(_ script: FakeSMTPScript = FakeSMTPScript(), _ body: (FakeSMTPServer) async throws -> T) async throws -> T {
        let server = try await start(script)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}

/// The accepted connections, closed when the server stops.
private final class FakeSMTPConnections: Sendable {
    private let channels = Mutex<[any Channel]>([])
    func add(_ channel: any Channel) { channels.withLock { $0.append(channel) } }
    var all: [any Channel] { channels.withLock { $0 } }
}

/// One connection's conversation, driven by the script.
private final class FakeSMTPSessionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum Mode { case command, data, loginUser, loginPassword }

    private let script: FakeSMTPScript
    private let recording: FakeSMTPRecording
    private var underTLS: Bool
    private var mode = Mode.command
    private var buffer = ByteBuffer()
    private var data: [String] = []
    private var loginUser = ""
    private var silent = false

    init(script: FakeSMTPScript, recording: FakeSMTPRecording, underTLS: Bool) {
        self.script = script
        self.recording = recording
        self.underTLS = underTLS
    }

    func channelActive(context: ChannelHandlerContext) {
        if let greeting = script.greeting { send(greeting, context: context) }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer.writeBuffer(&bytes)
        guard buffer.readableBytes < 1 << 20 else { return context.close(promise: nil) }
        while !silent, let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - buffer.readerIndex
            var line = buffer.readString(length: length) ?? ""
            buffer.moveReaderIndex(forwardBy: 1)
            if line.hasSuffix("\r") { line.removeLast() }
            handle(line, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func handle(_ line: String, context: ChannelHandlerContext) {
        switch mode {
        case .data:
            if line == "." {
                mode = .command
                recording.receivedData(data.joined(separator: "\r\n"))
                data = []
                respond(to: "END", default: "250 2.0.0 Ok: queued as FAKE1", context: context)
            } else {
                data.append(line)
            }
            return
        case .loginUser:
            recording.received(line, underTLS: underTLS)
            loginUser = decode(line)
            mode = .loginPassword
            send("334 UGFzc3dvcmQ6", context: context)
            return
        case .loginPassword:
            recording.received(line, underTLS: underTLS)
            mode = .command
            let ok = loginUser == script.username && decode(line) == script.password
            send(ok ? "235 2.7.0 Authentication successful" : "535 5.7.8 Authentication credentials invalid", context: context)
            return
        case .command:
            break
        }
        recording.received(line, underTLS: underTLS)
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        let verb = (words.first ?? "").split(separator: ":").first.map { String($0).uppercased() } ?? ""
        if script.closeOn == verb { return context.close(promise: nil) }
        if script.silentOn == verb {
            silent = true
            return
        }
        switch verb {
        case "EHLO":
            if script.rejectEHLO { return respond(to: verb, default: "502 5.5.2 Error: command not recognized", context: context) }
            var extensions = script.extensions
            if script.startTLS != nil, !underTLS { extensions.append("STARTTLS") }
            let lines = ["fake.test greets \(words.dropFirst().first ?? "")"] + extensions
            let reply = lines.enumerated().map { index, text in (index == lines.count - 1 ? "250 " : "250-") + text }
            respond(to: verb, default: reply.joined(separator: "\r\n"), context: context)
        case "HELO":
            respond(to: verb, default: "250 fake.test", context: context)
        case "STARTTLS":
            guard let tls = script.startTLS, !underTLS else { return send("454 4.7.0 TLS not available", context: context) }
            send("220 2.0.0 Ready to start TLS" + (script.injectAfterStartTLS.map { "\r\n" + $0 } ?? ""), context: context)
            try! context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .first)
            underTLS = true
        case "AUTH":
            let mechanism = words.count > 1 ? words[1].uppercased() : ""
            if mechanism == "PLAIN", words.count > 2 {
                let ok = decode(words[2]) == "\0\(script.username)\0\(script.password)"
                send(ok ? "235 2.7.0 Authentication successful" : "535 5.7.8 Authentication credentials invalid", context: context)
            } else if mechanism == "LOGIN" {
                mode = .loginUser
                send("334 VXNlcm5hbWU6", context: context)
            } else {
                send("504 5.5.4 Unrecognized authentication type", context: context)
            }
        case "MAIL":
            respond(to: verb, default: "250 2.1.0 Ok", context: context)
        case "RCPT":
            respond(to: verb, default: "250 2.1.5 Ok", context: context)
        case "DATA":
            respond(to: verb, default: "354 End data with <CR><LF>.<CR><LF>", context: context)
            if script.replies[verb] == nil { mode = .data }
        case "QUIT":
            send("221 2.0.0 Bye", context: context)
            context.close(promise: nil)
        default:
            send("502 5.5.2 Error: command not recognized", context: context)
        }
    }

    private func respond(to verb: String, default reply: String, context: ChannelHandlerContext) {
        send(script.replies[verb] ?? reply, context: context)
    }

    private func send(_ text: String, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text + "\r\n")), promise: nil)
    }

    private func decode(_ base64: String) -> String {
        Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) } ?? "<invalid base64>"
    }
}
