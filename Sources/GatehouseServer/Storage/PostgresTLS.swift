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
import NIOSSL
import PostgresNIO

/// The `sslmode` and `sslrootcert` of a PostgreSQL URL, with libpq's meanings:
///
/// - `disable` (the default when absent): no TLS;
/// - `require`: TLS, the certificate is not checked (as in libpq, unless `sslrootcert` is
///   given: then the chain is checked, like `verify-ca`);
/// - `verify-ca`: TLS, the certificate must chain to `sslrootcert` (or the system store when
///   absent or `system`), whatever host name it names;
/// - `verify-full`: as `verify-ca`, and the certificate must name the host connected to.
///
/// `allow` and `prefer` (TLS only if the server offers it: an attacker in the middle just
/// declines) and anything else are refused at start-up rather than quietly connecting in clear.
struct PostgresTLS: Equatable {
    enum Mode: String, CaseIterable {
        case disable, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    var mode: Mode
    /// A PEM file of CA certificates; nil → the system trust store.
    var rootCertificatePath: String?

    init(mode: Mode, rootCertificatePath: String? = nil) {
        self.mode = mode
        self.rootCertificatePath = rootCertificatePath
    }

    /// Reads the URL's query; throws a `ConfigurationError` naming the problem.
    init(url: String) throws {
        let items = URLComponents(string: url)?.queryItems ?? []
        let rawMode = items.last(where: { $0.name == "sslmode" })?.value ?? Mode.disable.rawValue
        guard let mode = Mode(rawValue: rawMode) else {
            let allowed = Mode.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError("GATEHOUSE_DATABASE_URL: sslmode=\(rawMode) is not supported; use one of \(allowed)")
        }
        let root = items.last(where: { $0.name == "sslrootcert" })?.value.flatMap { $0.isEmpty || $0 == "system" ? nil : $0 }
        if let root, !FileManager.default.isReadableFile(atPath: root) {
            throw ConfigurationError("GATEHOUSE_DATABASE_URL: sslrootcert \(root) is not a readable file")
        }
        self.init(mode: mode, rootCertificatePath: root)
    }

    /// The TLS settings PostgresNIO connects with.
    func clientTLS() throws -> PostgresClient.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let rootCertificatePath { tls.trustRoots = .file(rootCertificatePath) }
        switch mode {
        case .disable:
            return .disable
        case .require where rootCertificatePath == nil:
            tls.certificateVerification = .none
        case .require, .verifyCA:
            tls.certificateVerification = .noHostnameVerification
        case .verifyFull:
            tls.certificateVerification = .fullVerification
        }
        do {
            _ = try NIOSSLContext(configuration: tls)  // an unreadable or malformed sslrootcert fails here, at start-up
        } catch {
            throw ConfigurationError(
                "GATEHOUSE_DATABASE_URL: sslrootcert \(rootCertificatePath ?? "system") could not be loaded as PEM certificates")
        }
        return .require(tls)
    }
}
