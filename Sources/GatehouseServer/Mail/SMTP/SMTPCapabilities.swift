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

/// The extensions a server announced in its EHLO reply (RFC 5321 §4.1.1.1): the first line is
/// its greeting, each further line a keyword with optional parameters.
struct SMTPCapabilities: Sendable, Equatable {
    /// Upper-cased keyword → upper-cased parameters.
    private(set) var extensions: [String: [String]] = [:]

    /// No extensions: what a server that only understood HELO offers.
    init() {}

    init(ehloReply: SMTPReply) {
        for line in ehloReply.lines.dropFirst() {
            let words = line.uppercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard var keyword = words.first else { continue }
            var parameters = Array(words.dropFirst())
            // Some old servers write `AUTH=PLAIN LOGIN` next to (or instead of) `AUTH PLAIN LOGIN`.
            if keyword.hasPrefix("AUTH=") {
                parameters.insert(String(keyword.dropFirst(5)), at: 0)
                keyword = "AUTH"
            }
            extensions[keyword, default: []].append(contentsOf: parameters)
        }
    }

    var supportsStartTLS: Bool { extensions["STARTTLS"] != nil }

    var authenticationMechanisms: Set<String> { Set(extensions["AUTH"] ?? []) }
}
