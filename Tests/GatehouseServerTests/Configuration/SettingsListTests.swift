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

/// The settings list is the one place a setting is declared: the settings reference's table
/// (docs/reference/settings.md) is printed from it, and the environment parser reads nothing that
/// is not in it.
@Suite("Settings list")
struct SettingsListTests {
    static var reference: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Configuration
            .deletingLastPathComponent()  // GatehouseServerTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
            .appendingPathComponent("docs/reference/settings.md")
    }

    /// The reference's text from the begin marker to the end marker's line, inclusive.
    static func referenceSection() throws -> String? {
        let text = try String(contentsOf: reference, encoding: .utf8)
        guard let begin = text.range(of: SettingsTable.beginMarker),
            let end = text.range(of: SettingsTable.endMarker, range: begin.upperBound..<text.endIndex)
        else { return nil }
        let lineEnd = text[end.upperBound...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex
        return String(text[begin.lowerBound..<lineEnd])
    }

    @Test("the settings reference's table is the one the settings list prints")
    func referenceTableIsCurrent() throws {
        let section = try Self.referenceSection()
        try #require(section != nil, "docs/reference/settings.md has no settings table between the marker comments")
        #expect(
            section == SettingsTable.readmeSection(),
            "docs/reference/settings.md's table is out of date: run `swift run gatehouse settings --readme` and paste it between the markers"
        )
    }

    @Test("every variable the parser reads is in the list, and every listed one is read")
    func parserReadsTheList() throws {
        // Both non-default mail transports, so that every branch of the mail settings is taken.
        var read = Set<String>()
        for mail in [
            ["GATEHOUSE_MAIL_TRANSPORT": "smtp", "GATEHOUSE_SMTP_HOST": "127.0.0.1"],
            ["GATEHOUSE_MAIL_TRANSPORT": "mailersend", "GATEHOUSE_MAILERSEND_API_KEY": "key"],
        ] {
            let log = EnvironmentReader.ReadLog()
            _ = try ServerConfiguration.read(EnvironmentReader(ConfigurationTests.env(mail), log: log))
            read.formUnion(log.names)
        }
        let listed = ServerSettings.all.map(\.name)
        #expect(Set(listed).count == listed.count, "a setting is listed twice")
        #expect(read.subtracting(listed).sorted() == [], "read but not in ServerSettings.all")
        #expect(Set(listed).subtracting(read).sorted() == [], "listed but never read")
    }

    @Test("every row names its variable, a default, the values taken and a meaning")
    func rowsAreComplete() {
        for setting in ServerSettings.all {
            #expect(setting.name.hasPrefix("GATEHOUSE_"))
            #expect(!setting.shownDefault.isEmpty && !setting.accepted.isEmpty && !setting.help.isEmpty, "\(setting.name)")
            #expect(!(setting.help + setting.shownDefault + setting.accepted).contains("\n"), "\(setting.name): one line")
        }
        #expect(
            ServerSettings.all.filter(\.isSecret).map(\.name).sorted() == [
                "GATEHOUSE_DATABASE_URL", "GATEHOUSE_EXTERNAL_APPLE_SECRET", "GATEHOUSE_EXTERNAL_GOOGLE_SECRET",
                "GATEHOUSE_EXTERNAL_OIDC_SECRET", "GATEHOUSE_JWT_KEYS", "GATEHOUSE_JWT_SECRET", "GATEHOUSE_MAILERSEND_API_KEY",
                "GATEHOUSE_METRICS", "GATEHOUSE_SMTP_PASSWORD",
            ])
    }

    @Test("bounds in the table are the bounds the parser enforces")
    func boundsAreEnforced() throws {
        let row = try #require(ServerSettings.all.first { $0.name == "GATEHOUSE_JWT_EXPIRY" })
        #expect(row.accepted == "`30` … `604800`")
        #expect(throws: Never.self) { try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_JWT_EXPIRY": "30"])) }
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_JWT_EXPIRY": "29"]))
        }
    }

    @Test("a code-made configuration starts at the listed defaults")
    func codeDefaultsAreTheListedOnes() throws {
        let made = ServerConfiguration(jwtSecret: ConfigurationTests.secret)
        let read = try ServerConfiguration.fromEnvironment(ConfigurationTests.env())
        #expect(made.port == ServerSettings.port.defaultValue && read.port == made.port)
        #expect(made.externalURL == read.externalURL && made.siteURL == read.siteURL)
        #expect(made.rateLimits.burst == read.rateLimits.burst && made.rateLimits.ipv6Prefix == read.rateLimits.ipv6Prefix)
        #expect(made.mail.retryBaseDelay == read.mail.retryBaseDelay && made.mail.from == read.mail.from)
        #expect(made.sessions.timebox == read.sessions.timebox && made.httpTimeouts.idle == read.httpTimeouts.idle)
        #expect(made.maximumJSONDepth == read.maximumJSONDepth && made.passwordPolicy.minimumLength == read.passwordPolicy.minimumLength)
    }
}
