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

/// The client TLS setup for SMTP: full verification against the system roots by default,
/// against a private CA bundle when one is configured, or none at all (development only).
enum SMTPTLS {
    static func makeContext(for configuration: SMTPConfiguration) throws(MailDeliveryError) -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        if !configuration.verifyCertificates {
            tls.certificateVerification = .none
        } else if let path = configuration.caBundlePath {
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMFile(path)
            } catch {
                throw MailDeliveryError(transient: false, "SMTP TLS: cannot read the CA bundle \(path): \(error)")
            }
            guard !certificates.isEmpty else {
                throw MailDeliveryError(transient: false, "SMTP TLS: the CA bundle \(path) holds no certificate")
            }
            tls.trustRoots = .certificates(certificates)
        }
        do {
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw MailDeliveryError(transient: false, "SMTP TLS: cannot set up TLS: \(error)")
        }
    }

    /// What the handler gets for SNI and hostname verification: the host name, or `nil` for an
    /// IP address (SNI cannot carry one; the certificate is then checked against the peer's IP).
    static func upgrade(context: NIOSSLContext, host: String) -> SMTPTLSUpgrade {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let isIPAddress = (try? SocketAddress(ipAddress: bare, port: 0)) != nil
        return SMTPTLSUpgrade(context: context, serverHostname: isIPAddress ? nil : bare)
    }
}
