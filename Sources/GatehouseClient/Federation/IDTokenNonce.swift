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

/// The nonce of an ID-token sign-in. The app keeps `raw` and asks the provider to put `hashed`
/// (SHA-256 of `raw`'s UTF-8, lowercase hex, as Apple's and Google's SDK samples do) into the
/// ID token; the server receives `raw`, hashes it and compares. A token stolen from another
/// sign-in carries another hash, so it cannot be replayed here.
public struct IDTokenNonce: Sendable, Equatable {
    public let raw: String

    public init(raw: String) {
        self.raw = raw
    }

    /// A fresh nonce: 32 random bytes as base64url (43 characters of `[A-Za-z0-9_-]`).
    public static func make() -> IDTokenNonce {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return IDTokenNonce(raw: PKCE.base64URL(Data(bytes)))
    }

    /// What goes into the provider's request (`ASAuthorizationAppleIDRequest.nonce`).
    public var hashed: String {
        PKCE.sha256(Data(raw.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

extension IDTokenNonce: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "IDTokenNonce(raw: \(Redacted.placeholder), hashed: \(hashed))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["raw": Redacted.placeholder], displayStyle: .struct) }
}
