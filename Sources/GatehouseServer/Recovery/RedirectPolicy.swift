import Foundation

/// Which `redirect_to` targets links may send people to: the site URL's origin, and the
/// configured allow-list (exact URLs, or globs where `*` stops at `.` and `/` and `**` does not).
/// Anything else falls back to the site URL, with a warning in the log (as GoTrue does, minus
/// its decimal-IP and fragment surprises).
struct RedirectPolicy: Sendable {
    let siteURL: String
    let allowList: [String]

    /// The target to use: `requested` if allowed, else the site URL.
    func resolve(_ requested: String?) -> (url: String, rejected: Bool) {
        guard let requested, !requested.isEmpty else { return (siteURL, false) }
        return isAllowed(requested) ? (requested, false) : (siteURL, true)
    }

    func isAllowed(_ candidate: String) -> Bool {
        guard candidate.count <= 2048, !candidate.contains(where: { $0.isWhitespace || $0.isNewline }),
              let url = URLComponents(string: candidate), let scheme = url.scheme?.lowercased(), !scheme.isEmpty,
              !["javascript", "data", "vbscript", "file"].contains(scheme)
        else { return false }
        var withoutFragment = url
        withoutFragment.fragment = nil
        let comparable = withoutFragment.string ?? candidate
        if let site = URLComponents(string: siteURL), sameOrigin(site, url) { return true }
        return allowList.contains { pattern in
            pattern == comparable || Self.glob(Array(pattern), Array(comparable))
        }
    }

    private func sameOrigin(_ site: URLComponents, _ url: URLComponents) -> Bool {
        guard let siteScheme = site.scheme?.lowercased(), let scheme = url.scheme?.lowercased(),
              ["http", "https"].contains(scheme), siteScheme == scheme,
              let siteHost = site.host?.lowercased(), let host = url.host?.lowercased(), siteHost == host
        else { return false }
        // Ports are ignored on loopback, where development servers move around.
        let loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
        return loopback || site.port == url.port
    }

    /// Glob match with `*` (not across `.` or `/`), `**` (anything) and `?` (one non-separator).
    static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ p: Int, _ t: Int) -> Bool {
            let key = p * (text.count + 1) + t
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if pattern[p] == "*" {
                let anything = p + 1 < pattern.count && pattern[p + 1] == "*"
                let next = anything ? p + 2 : p + 1
                var i = t
                var found = match(next, i)
                while !found, i < text.count, anything || (text[i] != "." && text[i] != "/") {
                    i += 1
                    found = match(next, i)
                }
                result = found
            } else if t < text.count, pattern[p] == "?" ? (text[t] != "." && text[t] != "/") : pattern[p] == text[t] {
                result = match(p + 1, t + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }
}
