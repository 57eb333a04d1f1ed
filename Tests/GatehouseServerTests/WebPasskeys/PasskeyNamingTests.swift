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
import Testing

@testable import GatehouseServer

/// The name a passkey added on the account page starts with (`PasskeyNaming`).
@Suite("Web pages: new passkeys' names")
struct PasskeyNamingTests {
    static let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    static let platform = #"{"authenticatorAttachment":"platform","response":{"transports":["internal","hybrid"]}}"#

    @Test("a known provider's AAGUID names it, whatever the browser")
    func provider() throws {
        let icloud = try #require(UUID(uuidString: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd"))
        let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1"
        #expect(PasskeyNaming.name(aaguid: icloud, credentialJSON: Self.platform, userAgent: agent, taken: []) == "iCloud Keychain")
        let google = try #require(UUID(uuidString: "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4"))
        #expect(PasskeyNaming.provider(google) == "Google Password Manager")
        #expect(PasskeyNaming.provider(Self.zero) == nil)
    }

    static let agents = [
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36", "Chrome on Linux"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0", "Edge on Windows"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15", "Safari on Mac"),
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36", "Chrome on Android"),
        ("Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 CriOS/131.0 Mobile/15E148", "Chrome on iPhone"),
        ("curl/8.5.0", "Passkey"),
    ]

    @Test("otherwise the user agent's browser and platform", arguments: Self.agents)
    func device(_ agent: String, _ expected: String) {
        #expect(PasskeyNaming.name(aaguid: Self.zero, credentialJSON: Self.platform, userAgent: agent, taken: []) == expected)
    }

    @Test("a roaming authenticator: a security key, or a phone reached by its QR code")
    func roaming() {
        let agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
        let key = #"{"authenticatorAttachment":"cross-platform","response":{"transports":["nfc","usb"]}}"#
        let phone = #"{"authenticatorAttachment":"cross-platform","response":{"transports":["hybrid","internal"]}}"#
        #expect(PasskeyNaming.name(aaguid: Self.zero, credentialJSON: key, userAgent: agent, taken: []) == "Security key")
        #expect(PasskeyNaming.name(aaguid: Self.zero, credentialJSON: phone, userAgent: agent, taken: []) == "Phone or tablet")
        #expect(PasskeyNaming.name(aaguid: Self.zero, credentialJSON: "not json", userAgent: nil, taken: []) == "Passkey")
    }

    @Test("a name the person already has is numbered")
    func numbered() {
        #expect(PasskeyNaming.numbered("Chrome on Linux", taken: ["Passkey"]) == "Chrome on Linux")
        #expect(PasskeyNaming.numbered("Chrome on Linux", taken: ["Chrome on Linux"]) == "Chrome on Linux 2")
        #expect(PasskeyNaming.numbered("Passkey", taken: ["Passkey", "Passkey 2", "Passkey 4"]) == "Passkey 3")
    }
}
