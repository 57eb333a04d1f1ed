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

/// A redirect target (or an allow-list pattern) parsed strictly into the components a browser
/// navigates by. Anything a browser could read differently from this parser is refused rather
/// than interpreted: backslashes (browsers treat them as `/` in http(s) URLs), control
/// characters, whitespace and anything outside printable ASCII, userinfo (`user@host`), any
/// percent-encoding in the authority, scheme-relative (`//evil.com`) and scheme-only
/// (`https:evil.com`) forms, dot segments and encoded separators in the path, and script-like
/// schemes (`javascript:`, `data:`, …).
struct RedirectURL: Sendable, Equatable {
    /// Lowercased.
    let scheme: String
    /// Lowercased host labels (an IPv6 literal is one label, with its brackets); nil for an
    /// opaque URL without authority (`com.example.app:/callback`).
    let hostLabels: [String]?
    /// The explicit port, or the scheme's default (80, 443); `nil` when neither. `-1` in a
    /// pattern means `*` (any port).
    let port: Int?
    /// The path's segments: `/a/b/` is `["a", "b", ""]`, an empty path and `/` are both `[""]`.
    let pathSegments: [String]
    /// The query without its `?`, if any (the fragment is never part of a match: the browser
    /// does not send it, and links replace it).
    let query: String?

    static let maximumLength = 2048
    static let anyPort = -1
    static let refusedSchemes: Set<String> = ["javascript", "data", "vbscript", "file", "blob", "about", "filesystem"]
    /// Schemes whose URLs browsers parse as "special": they always have a host.
    static let webSchemes: Set<String> = ["http", "https"]

    var host: String? { hostLabels?.joined(separator: ".") }

    /// Parses `text`, or returns nil if it is not an unambiguous redirect target. With
    /// `wildcards`, `*` may stand in host labels, path segments, the query and the port.
    init?(_ text: String, wildcards: Bool = false) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength, bytes.allSatisfy(Self.isPermitted) else { return nil }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].lowercased()
        guard Self.isSchemeName(scheme), !Self.refusedSchemes.contains(scheme) else { return nil }
        var rest = Substring(text[text.index(after: colon)...])

        var hostLabels: [String]?
        var port: Int?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
            let authority = rest[..<end]
            rest = rest[end...]
            guard let (labels, explicitPort) = Self.parseAuthority(authority, wildcards: wildcards) else { return nil }
            // Only app schemes may leave the host empty (`myapp:///callback`).
            if labels.isEmpty, Self.webSchemes.contains(scheme) { return nil }
            hostLabels = labels.isEmpty ? [""] : labels
            port = explicitPort
        } else if Self.webSchemes.contains(scheme) {
            // `https:evil.com` and `https:/evil.com`: browsers guess a host, so nothing is guessed here.
            return nil
        }
        if port == nil { port = scheme == "https" ? 443 : scheme == "http" ? 80 : nil }

        var fragmentless = rest
        if let hash = rest.firstIndex(of: "#") { fragmentless = rest[..<hash] }
        var path = fragmentless
        var query: String?
        if let question = fragmentless.firstIndex(of: "?") {
            path = fragmentless[..<question]
            query = String(fragmentless[fragmentless.index(after: question)...])
        }
        if hostLabels != nil, !path.isEmpty, !path.hasPrefix("/") { return nil }
        guard let segments = Self.parsePath(path) else { return nil }
        if !wildcards, query?.contains("*") == true || segments.contains(where: { $0.contains("*") }) {
            // A literal `*` is legal in a URL, but matched against patterns it would be ambiguous.
            return nil
        }
        self.scheme = scheme
        self.hostLabels = hostLabels
        self.port = port
        self.pathSegments = segments
        self.query = query
    }

    /// Printable ASCII, minus the characters browsers rewrite or that have no business in a link.
    private static func isPermitted(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && !Array("\\\"<>`{}|^".utf8).contains(byte)
    }

    private static func isSchemeName(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0) }
    }

    /// Host labels and explicit port of an authority; nil for userinfo, percent-encoding, or
    /// a host or port that is not plainly one.
    private static func parseAuthority(_ authority: Substring, wildcards: Bool) -> ([String], Int?)? {
        guard !authority.contains("@"), !authority.contains("%") else { return nil }
        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portPart = after.dropFirst()
            }
            let inside = hostPart.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            let pieces = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count <= 2 else { return nil }
            hostPart = pieces[0]
            portPart = pieces.count == 2 ? pieces[1] : nil
        }
        var port: Int?
        if let portPart {
            if wildcards, portPart == "*" {
                port = anyPort
            } else {
                guard (1...5).contains(portPart.count), portPart.allSatisfy(\.isASCIIDigit), let value = Int(portPart), value <= 65535
                else { return nil }
                port = value
            }
        }
        if hostPart.isEmpty { return portPart == nil ? ([], nil) : nil }
        if hostPart.hasPrefix("[") { return ([hostPart.lowercased()], port) }
        guard hostPart.count <= 253 else { return nil }
        let labels = hostPart.lowercased().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let labelOK: (String) -> Bool = { label in
            !label.isEmpty && label.count <= 63
                && label.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" || $0 == "_" || (wildcards && $0 == "*") }
        }
        guard labels.allSatisfy(labelOK) else { return nil }
        return (labels, port)
    }

    /// The segments of a path; nil for dot segments (`.`, `..`, also percent-encoded), encoded
    /// `/` or `\`, or an empty segment anywhere but at the end (`//evil.com` as a path).
    private static func parsePath(_ path: Substring) -> [String]? {
        let lowered = path.lowercased()
        guard !lowered.contains("%2f"), !lowered.contains("%5c") else { return nil }
        var body = Substring(path)
        if body.hasPrefix("/") { body = body.dropFirst() }
        let segments = body.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (index, segment) in segments.enumerated() {
            let decodedDots = segment.lowercased().replacingOccurrences(of: "%2e", with: ".")
            if decodedDots == "." || decodedDots == ".." { return nil }
            if segment.isEmpty, index != segments.count - 1 { return nil }
        }
        return segments
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Character {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
