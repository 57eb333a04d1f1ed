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

/// For types that hold secrets (configuration, services, signing keys): they describe and
/// reflect as their bare type name, never their contents.
///
/// ServiceLifecycle logs every service with `"\(service)"` at debug level, and Swift's default
/// description of a struct prints every stored property recursively; a service that holds the
/// configuration would print the JWT secret. `Secret` protects each value; this protects the
/// containers, so a field added later cannot leak through them either.
public protocol RedactedDescription: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {}

extension RedactedDescription {
    public var description: String { String(describing: Self.self) }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}

extension ServerConfiguration: RedactedDescription {}
extension MailConfiguration: RedactedDescription {}
extension ServerEnvironment: RedactedDescription {}
extension GatehouseServices: RedactedDescription {}
extension TokenSigner: RedactedDescription {}
extension RefreshTokenCodec: RedactedDescription {}
extension OneTimeTokenHasher: RedactedDescription {}
extension PostgresStore: RedactedDescription {}
extension SQLiteStore: RedactedDescription {}
extension ShutdownService: RedactedDescription {}
extension SQLiteCheckpointer: RedactedDescription {}
extension OutboxWorker: RedactedDescription {}
extension RetentionService: RedactedDescription {}
extension MailerSendTransport: RedactedDescription {}
extension SMTPTransport: RedactedDescription {}

extension SMTPConfiguration: CustomReflectable {
    /// Its description is already safe; the mirror must not show the password either.
    public var customMirror: Mirror { Mirror(self, children: []) }
}
