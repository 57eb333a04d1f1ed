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

/// The name a passkey added on the account page starts with: where it lives, as the browser and
/// the authenticator tell it, so that a list reads "iCloud Keychain", "Chrome on Linux" and
/// "Security key" rather than "Passkey" three times. In order: the AAGUID of a known passkey
/// provider; a security key or a phone (the credential's attachment and transports); the user
/// agent's browser and platform; else "Passkey". A name the person already has is numbered
/// ("Chrome on Linux 2"); they can rename it on the page.
enum PasskeyNaming {
    static let fallback = "Passkey"
    static let securityKey = "Security key"
    static let phone = "Phone or tablet"

    static func name(aaguid: UUID, credentialJSON: String, userAgent: String?, taken: [String]) -> String {
        numbered(provider(aaguid) ?? kind(of: credentialJSON) ?? device(userAgent: userAgent) ?? fallback, taken: taken)
    }

    /// `base`, or `base 2`, `base 3`… when the person already has a passkey of that name.
    static func numbered(_ base: String, taken: [String]) -> String {
        let names = Set(taken)
        guard names.contains(base) else { return base }
        // Of taken.count + 1 numbers, one is free.
        let number = (2...(names.count + 2)).first { !names.contains("\(base) \($0)") } ?? names.count + 2
        return "\(base) \(number)"
    }

    /// The provider an AAGUID names (the community list passkeydeveloper/passkey-authenticator-aaguids,
    /// its best-known entries); nil for the zero AAGUID, which names nothing.
    static func provider(_ aaguid: UUID) -> String? { providers[aaguid] }

    /// A roaming authenticator: a phone reached over `hybrid` (its QR code), or a security key
    /// (USB, NFC, Bluetooth). Nil for the platform's own, which the user agent names better.
    static func kind(of credentialJSON: String) -> String? {
        struct Credential: Decodable {
            struct Response: Decodable { var transports: [String]? }
            var authenticatorAttachment: String?
            var response: Response?
        }
        guard let credential = try? JSONDecoder().decode(Credential.self, from: Data(credentialJSON.utf8)),
            credential.authenticatorAttachment == "cross-platform"
        else { return nil }
        let transports = Set(credential.response?.transports ?? [])
        if transports.contains("hybrid") { return phone }
        if !transports.isEmpty, transports.isSubset(of: ["usb", "nfc", "ble", "smart-card"]) { return securityKey }
        return nil
    }

    /// "Chrome on Linux", "Safari on iPhone": the browser and the platform the user agent names.
    static func device(userAgent: String?) -> String? {
        guard let agent = userAgent else { return nil }
        let browser = browsers.first { agent.contains($0.marker) }?.name
        let platform = platforms.first { agent.contains($0.marker) }?.name
        switch (browser, platform) {
        case (let browser?, let platform?): return "\(browser) on \(platform)"
        case (let browser?, nil): return browser
        case (nil, let platform?): return platform
        case (nil, nil): return nil
        }
    }

    // First match wins: Edge, Opera and Samsung Internet also say "Chrome", Chrome also "Safari",
    // Android also "Linux".
    private static let browsers: [(marker: String, name: String)] = [
        ("Edg", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"), ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
    ]
    private static let platforms: [(marker: String, name: String)] = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"), ("Windows", "Windows"),
        ("Macintosh", "Mac"), ("Linux", "Linux"),
    ]

    private static let providers: [UUID: String] = Dictionary(
        [
            ("ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4", "Google Password Manager"),
            ("fbfc3007-154e-4ecc-8c0b-6e020557d7bd", "iCloud Keychain"),
            ("dd4ec289-e01d-41c9-bb89-70fa845d4bf2", "iCloud Keychain"),
            ("08987058-cadc-4b81-b6e1-30de50dcbe96", "Windows Hello"),
            ("9ddd1817-af5a-4672-a2b9-3e3dd95000a9", "Windows Hello"),
            ("6028b017-b1d4-4c02-b4b3-afcdafc96bb2", "Windows Hello"),
            ("adce0002-35bc-c60a-648b-0b25f1f05503", "Chrome on Mac"),
            ("771b48fd-d3d4-4f74-9232-fc157ab0507a", "Edge on Mac"),
            ("b5397666-4885-aa6b-cebf-e52262a439a2", "Chromium"),
            ("d3452668-01fd-4c12-926c-83a4204853aa", "Microsoft Password Manager"),
            ("53414d53-554e-4700-0000-000000000000", "Samsung Pass"),
            ("bada5566-a7aa-401f-bd96-45619a55120d", "1Password"),
            ("d548826e-79b4-db40-a3d8-11116f7e8349", "Bitwarden"),
            ("531126d6-e717-415c-9320-3d9aa6981239", "Dashlane"),
            ("b84e4048-15dc-4dd0-8640-f4f60813c8af", "NordPass"),
            ("0ea242b4-43c4-4a1b-8b17-dd6d0b6baec6", "Keeper"),
            ("f3809540-7f14-49c1-a8b3-8f813b225541", "Enpass"),
            ("50726f74-6f6e-5061-7373-50726f746f6e", "Proton Pass"),
            ("fdb141b2-5d84-443e-8a35-4698c205a502", "KeePassXC"),
            ("b78a0a55-6ef8-d246-a042-ba0f6d55050c", "LastPass"),
            ("b35a26b2-8f6e-4697-ab1d-d44db4da28c6", "Zoho Vault"),
        ].compactMap { id, name in UUID(uuidString: id).map { ($0, name) } },
        uniquingKeysWith: { first, _ in first })
}
