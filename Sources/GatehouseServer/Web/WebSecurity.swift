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

    init(jwtSecret: String, externalURL: String) {
        let secret = SymmetricKey(data: Data(jwtSecret.utf8))
        csrfKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("gatehouse web csrf v1".utf8), outputByteCount: 32)
        sessionKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("gatehouse web session v1".utf8), outputByteCount: 32)
        secureCookies = externalURL.lowercased().hasPrefix("https://")
        let prefix = secureCookies ? "__Host-" : ""
        sessionCookieName = prefix + "gatehouse_session"
        csrfCookieName = prefix + "gatehouse_csrf"
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
        value.flatMap(open)?.sessionId.uuidString.lowercased() ?? ""
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

    func seal(_ state: WebSessionState) -> String? {
        guard let plain = try? JSONEncoder().encode(state),
            let box = try? AES.GCM.seal(plain, using: sessionKey).combined
        else { return nil }
        return box.base64URLEncodedString()
    }

    func open(_ value: String) -> WebSessionState? {
        guard value.utf8.count <= 512, let data = Data(base64URLEncoded: value),
            let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: sessionKey)
        else { return nil }
        return try? JSONDecoder().decode(WebSessionState.self, from: plain)
    }

    // MARK: Cookies

    func cookie(name: String, value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax)
    }

    func removal(of name: String) -> Cookie {
        Cookie(
            name: name, value: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/",
            secure: secureCookies, httpOnly: true, sameSite: .lax
        )
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
