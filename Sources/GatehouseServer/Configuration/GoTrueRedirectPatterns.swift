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

/// GoTrue's `URI_ALLOW_LIST` as `GATEHOUSE_REDIRECT_ALLOW_LIST`. GoTrue matches each entry as a
/// glob over the whole URL text with `.` and `/` as separators: `*` stays within a host label or
/// path segment, `**` spans anything (dots and slashes included), and `?`, `[…]`, `{…}` and `\`
/// are glob syntax too. Gatehouse matches its patterns on the parsed URL (`RedirectPattern`), so
/// an entry carries over only when it means there what it meant in GoTrue: exact URLs, `*` within
/// a host label, path segment or port, and `**` as a whole path segment. Any other glob would
/// allow different targets, so it stops the start instead of being read another way.
enum GoTrueRedirectPatterns {
    /// The comma-separated entries, checked one by one, as Gatehouse's list.
    static func allowList(_ text: String) throws(GoTrueValue.Refusal) -> String {
        let entries = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for entry in entries { try check(entry) }
        return entries.joined(separator: ",")
    }

    static func check(_ entry: String) throws(GoTrueValue.Refusal) {
        if entry.contains(where: { "?[]{}\\".contains($0) }) {
            throw GoTrueValue.Refusal(
                "entry \(entry): `?`, `[…]`, `{…}` and `\\` are glob syntax in GoTrue (any one character, a character class, "
                    + "alternatives, an escape), which Gatehouse's patterns do not have; list the URLs they stand for")
        }
        let (authority, path) = split(entry)
        if authority.contains("**") {
            throw GoTrueValue.Refusal(
                "entry \(entry): `**` in the host spans dots and slashes in GoTrue (it would also allow other hosts, as in "
                    + "https://evil.example/x.example.com); Gatehouse's `*` matches one host label: write https://*.example.com/**")
        }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) where segment.contains("**") && segment != "**" {
            throw GoTrueValue.Refusal(
                "entry \(entry): `**` inside a path segment spans slashes in GoTrue; in Gatehouse `**` must be a whole path "
                    + "segment: write /app/** rather than /app**")
        }
        guard RedirectPattern(entry) != nil else {
            throw GoTrueValue.Refusal(
                "entry \(entry) is not a URL pattern Gatehouse can match (scheme://host[:port]/path, `*` within one host "
                    + "label or path segment, `**` as a whole path segment)")
        }
    }

    /// The authority (empty for a URL without one, like `com.example.app:/callback`) and the path
    /// with the query; nothing needs the scheme.
    private static func split(_ entry: String) -> (authority: Substring, path: Substring) {
        guard let colon = entry.firstIndex(of: ":") else { return ("", Substring(entry)) }
        let afterScheme = entry[entry.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else { return ("", afterScheme) }
        let rest = afterScheme.dropFirst(2)
        let end = rest.firstIndex(of: "/") ?? rest.endIndex
        return (rest[..<end], rest[end...])
    }
}
