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

import Crypto
import Foundation
import Hummingbird

/// The pages' cookies and their keys: the CSRF nonce and the sealed sign-in cookie.
///
/// Both keys are derived from the server's JWT secret with HKDF (one purpose each), so nothing
/// new has to be configured and rotating the secret ends web sessions as it ends API ones.
/// Cookies are `HttpOnly; SameSite=Lax; Path=/`, and `Secure` with the `__Host-` prefix when
/// the external URL is https.
struct WebSecurity: Sendable {
    let csrfKey: SymmetricKey
    let sessionKey: SymmetricKey
    let secureCookies: Bool
    let sessionCookieName: String
    let csrfCookieName: String
    /// Where the browser sends the cookies: `/` for the pages, `/admin` for the console.
    var cookiePath = "/"
    var sameSite = Cookie.SameSite.lax

    init(jwtSecret: String, externalURL: String) {
        let secret = SymmetricKey(data: Data(jwtSecret.utf8))
        csrfKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("gatehouse web csrf v1".utf8), outputByteCount: 32)
        sessionKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("gatehouse web session v1".utf8), outputByteCount: 32)
        secureCookies = externalURL.lowercased().hasPrefix("https://")
        let prefix = secureCookies ? "__Host-" : ""
        sessionCookieName = prefix + "gatehouse_session"
        csrfCookieName = prefix + "gatehouse_csrf"
    }

    /// The admin console's cookies (`Web/Console/`): the same mechanism under keys of their own
    /// (a page's cookie or CSRF token opens nothing in the console, nor the reverse), sent only
    /// to `/admin` and only from this site (`SameSite=Strict`). `__Host-` needs `Path=/`, so an
    /// https console marks its cookies with `__Secure-`.
    init(consoleWithJWTSecret jwtSecret: String, externalURL: String) {
        let secret = SymmetricKey(data: Data(jwtSecret.utf8))
        csrfKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("gatehouse console csrf v1".utf8), outputByteCount: 32)
        sessionKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("gatehouse console session v1".utf8), outputByteCount: 32)
        secureCookies = externalURL.lowercased().hasPrefix("https://")
        let prefix = secureCookies ? "__Secure-" : ""
        sessionCookieName = prefix + "gatehouse_console"
        csrfCookieName = prefix + "gatehouse_console_csrf"
        cookiePath = "/admin"
        sameSite = .strict
    }

    // MARK: CSRF: a random nonce in a cookie, and in every form its HMAC under a server key,
    // bound to the browser's signed-in session (empty when signed out). A token fetched
    // anonymously, with its nonce planted in a victim's browser, does not fit the victim's
    // signed-in session, so it cannot post the victim's signed-in forms.

    static func newNonce() -> String {
        Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64URLEncodedString()
    }

    func csrfToken(nonce: String, session: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Self.csrfMessage(nonce: nonce, session: session), using: csrfKey))
            .base64URLEncodedString()
    }

    /// Whether a form's token belongs to the browser's nonce and session (constant-time).
    func isValidCSRF(token: String?, nonce: String?, session: String) -> Bool {
        guard let token, let nonce, Self.isWellFormedNonce(nonce), let code = Data(base64URLEncoded: token) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            code, authenticating: Self.csrfMessage(nonce: nonce, session: session), using: csrfKey)
    }

    /// The session a CSRF token is bound to: the id in the browser's sign-in cookie, or "".
    func csrfBinding(signInCookie value: String?) -> String {
        value.flatMap { openSealed($0, as: SealedSessionId.self) }?.sessionId.lowercasedString ?? ""
    }

    private static func csrfMessage(nonce: String, session: String) -> Data {
        // The nonce has a fixed length and alphabet without ".", so the pair is unambiguous.
        Data((nonce + "." + session).utf8)
    }

    static func isWellFormedNonce(_ nonce: String) -> Bool {
        nonce.utf8.count == 43
            && nonce.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    // MARK: The sign-in cookie: AES-GCM sealed, so it can be neither read nor forged.

    func open(_ value: String) -> WebSessionState? {
        openSealed(value, as: WebSessionState.self)
    }

    /// Any sealed cookie state (the pages' `WebSessionState`, the console's `ConsoleSessionState`).
    func seal(_ state: some Encodable) -> String? {
        Self.seal(state, using: sessionKey)
    }

    func openSealed<State: Decodable>(_ value: String, as type: State.Type) -> State? {
        Self.open(value, as: type, using: sessionKey)
    }

    /// `state` as JSON sealed under `key` (AES-GCM), base64url.
    static func seal(_ state: some Encodable, using key: SymmetricKey) -> String? {
        guard let plain = try? JSONEncoder().encode(state),
            let box = try? AES.GCM.seal(plain, using: key).combined
        else { return nil }
        return box.base64URLEncodedString()
    }

    static func open<State: Decodable>(_ value: String, as type: State.Type, using key: SymmetricKey) -> State? {
        guard value.utf8.count <= 512, let data = Data(base64URLEncoded: value),
            let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: key)
        else { return nil }
        return try? JSONDecoder().decode(type, from: plain)
    }

    // MARK: Cookies

    func cookie(name: String, value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: cookiePath, secure: secureCookies, httpOnly: true, sameSite: sameSite)
    }

    func removal(of name: String) -> Cookie {
        Cookie(
            name: name, value: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: cookiePath,
            secure: secureCookies, httpOnly: true, sameSite: sameSite
        )
    }
}

/// The one field every sealed sign-in state has: the session a CSRF token is bound to.
private struct SealedSessionId: Decodable {
    var sessionId: UUID

    enum CodingKeys: String, CodingKey {
        case sessionId = "s"
    }
}

/// What the sign-in cookie holds: which session, whose, and when it was last used.
struct WebSessionState: Codable, Sendable {
    /// The session (a row of `sessions`, as for the API).
    var sessionId: UUID
    var userId: UUID
    /// "Remember me": a persistent cookie and a long idle limit.
    var remember: Bool
    /// Seconds since 1970 of the last page view.
    var lastSeen: Int64

    enum CodingKeys: String, CodingKey {
        case sessionId = "s"
        case userId = "u"
        case remember = "r"
        case lastSeen = "t"
    }
}
