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
import NIOCore
import NIOPosix
import NIOSSL

/// A step of the conversation, named in every failure reason.
enum SMTPStage: String, Sendable {
    case connect = "connect"
    case greeting = "greeting"
    case ehlo = "EHLO"
    case helo = "HELO"
    case startTLS = "STARTTLS"
    case ehloAfterTLS = "EHLO after STARTTLS"
    case authentication = "AUTH"
    case mailFrom = "MAIL FROM"
    case recipient = "RCPT TO"
    case data = "DATA"
    case messageData = "end of DATA"
    case quit = "QUIT"
}

/// How failures become `MailDeliveryError`s: 4xx and every network, TLS or protocol trouble are
/// transient; 5xx replies are permanent. Reasons quote the server's code and text (trimmed),
/// never a password or the message.
enum SMTPFailure {
    static let maximumDetailLength = 200

    /// A reply other than the one expected at `stage`.
    static func unexpected(_ reply: SMTPReply, at stage: SMTPStage) -> MailDeliveryError {
        let summary = reply.summary(limit: maximumDetailLength)
        if reply.isPermanentFailure {
            return MailDeliveryError(transient: false, "SMTP \(stage.rawValue) rejected: \(summary)")
        }
        if reply.isTransientFailure {
            return MailDeliveryError(transient: true, "SMTP \(stage.rawValue) deferred: \(summary)")
        }
        return MailDeliveryError(transient: true, "SMTP \(stage.rawValue): unexpected reply \(summary)")
    }

    /// A connection that failed, timed out, broke the protocol or could not do TLS.
    static func connection(_ error: any Error, at stage: SMTPStage, endpoint: String) -> MailDeliveryError {
        if let error = error as? MailDeliveryError { return error }
        let detail: String
        switch error {
        case SMTPConnectionFailure.timedOut(let timeout):
            detail = "no reply within \(describe(timeout))"
        case is CancellationError:
            detail = "cancelled"
        case SMTPConnectionFailure.closedByServer:
            detail = "the server closed the connection"
        case let violation as SMTPProtocolViolation:
            detail = "protocol error: \(violation.description)"
        case ChannelError.connectTimeout(let timeout):
            detail = "could not connect to \(endpoint) within \(describe(timeout))"
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            detail = tlsDetail(error)
        default:
            detail = stage == .connect ? "could not connect to \(endpoint): \(networkDetail(error))" : networkDetail(error)
        }
        return MailDeliveryError(transient: true, "SMTP \(stage.rawValue): " + trimmed(detail))
    }

    /// `connection refused` rather than NIO's full account of every address tried.
    private static func networkDetail(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let dns = error.dnsAError ?? error.dnsAAAAError { return "DNS lookup failed: \(dns)" }
            let reasons = error.connectionErrors.map { networkDetail($0.error) }
            return reasons.isEmpty ? "\(error)" : Set(reasons).sorted().joined(separator: "; ")
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        default:
            return "\(error)"
        }
    }

    /// BoringSSL's reason names (`CERTIFICATE_VERIFY_FAILED`) when there are any.
    private static func tlsDetail(_ error: any Error) -> String {
        let text = "\(error)"
        var reasons: [String] = []
        if let pattern = try? Regex("error:[0-9A-Fa-f]+:[^:]*:[^:]*:([A-Z0-9_]+)") {
            for match in text.matches(of: pattern) {
                if let reason = match.output[1].substring.map(String.init), !reasons.contains(reason) { reasons.append(reason) }
            }
        }
        return reasons.isEmpty ? "TLS failed: \(text)" : "TLS handshake failed (" + reasons.joined(separator: ", ") + ")"
    }

    static func trimmed(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return oneLine.count > maximumDetailLength ? String(oneLine.prefix(maximumDetailLength - 1)) + "…" : oneLine
    }

    static func describe(_ amount: TimeAmount) -> String {
        let milliseconds = amount.nanoseconds / 1_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
