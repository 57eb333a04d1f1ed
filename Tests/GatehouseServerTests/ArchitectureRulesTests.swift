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

/// The rules of docs/ARCHITECTURE.md that a reviewer would otherwise check by eye: small files,
/// SQL only in Storage, protocol adapters and pages that go through services and middleware.
/// Each test reads the sources, so a change that breaks a rule fails here with the file named.
@Suite("Architecture rules")
struct ArchitectureRulesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // GatehouseServerTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let serverFolder = packageRoot.appendingPathComponent("Sources/GatehouseServer")

    /// Every Swift file under `folder`, as (path relative to the package, contents).
    static func swiftFiles(under folder: URL) throws -> [(path: String, text: String)] {
        let root = packageRoot.path + "/"
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            files.append((url.path.replacingOccurrences(of: root, with: ""), try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Lines that are code, not comments (a comment may name what a rule forbids, to explain it).
    static func codeLines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        }
    }

    /// The lines of a file after its licence header (the same block in every file says nothing
    /// about the file's size as a reader meets it).
    static func linesAfterLicence(_ text: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.prefix(20).contains(where: { $0.contains("SPDX-License-Identifier") }),
            let end = lines.dropFirst().firstIndex(where: { $0.hasPrefix("//===") })
        else { return lines }
        return Array(lines[(end + 1)...])
    }

    @Test("no file under Sources/ passes 300 lines after its licence header")
    func smallFiles() throws {
        let files = try Self.swiftFiles(under: Self.packageRoot.appendingPathComponent("Sources"))
        #expect(files.count > 100)
        let long = files.filter { Self.linesAfterLicence($0.text).count > 300 }.map(\.path)
        #expect(long.isEmpty, "over 300 lines: \(long)")
    }

    /// The comments of `text`, each run of consecutive `//` lines joined into one line (a count and
    /// its unit may sit on two lines of one comment).
    static func commentBlocks(_ text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0.isWhitespace }
            if trimmed.hasPrefix("//") {
                current.append(trimmed.drop { $0 == "/" })
            } else if !current.isEmpty {
                blocks.append(current.joined(separator: " "))
                current = []
            }
        }
        if !current.isEmpty { blocks.append(current.joined(separator: " ")) }
        return blocks
    }

    /// Whether `text` has digits, then white space, then "instructions" (`~23,000 instructions`).
    /// Scanned by hand: concurrent first use of a `Regex` crashes on Linux (Swift 6.x).
    static func quotesInstructionCount(_ text: String) -> Bool {
        var rest = text[...]
        while let found = rest.range(of: "instructions", options: .caseInsensitive) {
            let before = rest[..<found.lowerBound]
            let gap = before.reversed().prefix { $0.isWhitespace }.count
            if gap > 0, let last = before.dropLast(gap).last, last.isASCII, last.isWholeNumber { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }

    @Test("no comment under Sources/ quotes an instruction count (measurements live in Benchmarks/PROFILE.md)")
    func noInstructionCountsInComments() throws {
        // Comments say why the code is as it is; the figure behind it is a measurement of one
        // commit on one machine, kept where each round is recorded and can be read against the next.
        let files = try Self.swiftFiles(under: Self.packageRoot.appendingPathComponent("Sources"))
        #expect(files.count > 100)
        let offenders = files.filter { file in Self.commentBlocks(file.text).contains(where: Self.quotesInstructionCount) }.map(\.path)
        #expect(offenders.isEmpty, "instruction counts in comments (move them to Benchmarks/PROFILE.md): \(offenders)")
    }

    @Test("only Storage imports SQLKit, SQLiteKit, PostgresKit or the database drivers")
    func sqlStaysInStorage() throws {
        let drivers = ["SQLKit", "SQLiteKit", "PostgresKit", "SQLiteNIO", "PostgresNIO"]
        let offenders = try Self.swiftFiles(under: Self.serverFolder).filter { file in
            !file.path.hasPrefix("Sources/GatehouseServer/Storage/")
                && Self.codeLines(file.text).contains { line in drivers.contains { line.hasPrefix("import \($0)") } }
        }.map(\.path)
        #expect(offenders.isEmpty, "database imports outside Storage: \(offenders)")
    }

    @Test("no code outside Storage asks which engine the store has")
    func engineStaysInStorage() throws {
        // Per-engine SQL and per-engine paths live in Storage, behind one method each; a cast to
        // a store type or a comparison of engines elsewhere splits a behaviour across layers.
        let checks = [
            "as? SQLiteStore", "as? PostgresStore", "as? SQLiteDirectDatabase", "as? PostgresConnectionSQL", "engine ==", "engine !=",
            "case .sqlite", "case .postgres",
        ]
        let offenders = try Self.swiftFiles(under: Self.serverFolder).filter { file in
            !file.path.hasPrefix("Sources/GatehouseServer/Storage/")
                && Self.codeLines(file.text).contains { line in checks.contains { line.contains($0) } }
        }.map(\.path)
        #expect(offenders.isEmpty, "engine checks outside Storage: \(offenders)")
    }

    @Test("every error code is a constant of AuthErrorCode, named in one place")
    func errorCodesHaveOneVocabulary() throws {
        // A code spelled as a string at its use is a code the adapters' tables and the SDK's
        // texts may not know; GatehouseCore's AuthErrorCode.swift is where each is named.
        let vocabulary = "Sources/GatehouseCore/Errors/AuthErrorCode.swift"
        let offenders = try Self.swiftFiles(under: Self.packageRoot.appendingPathComponent("Sources")).filter { file in
            file.path != vocabulary
                && Self.codeLines(file.text).contains { $0.contains("AuthErrorCode(\"") || $0.contains("code.rawValue {") }
        }.map(\.path)
        #expect(offenders.isEmpty, "error codes spelled out: \(offenders)")
    }

    @Test("the services and Storage know no HTTP: no HTTP types, no statuses in their errors")
    func servicesKnowNoHTTP() throws {
        // An AuthError carries a kind; the HTTP status is the adapters' reading of it
        // (HTTP/AuthError+HTTPStatus.swift), so a service cannot answer in one protocol's terms.
        let domain = ["Accounts", "Sessions", "Recovery", "Mail", "MFA", "Passkeys", "Passwords", "Storage", "Audit", "Support"]
        let forbidden = ["import HTTPTypes", "HTTPResponse.Status", "error.status", "failure.status"]
        let statuses = [
            "badRequest", "unauthorized", "forbidden", "notFound", "methodNotAllowed", "conflict", "contentTooLarge",
            "unprocessableContent", "tooManyRequests", "internalServerError", "serviceUnavailable",
        ].map { "status: .\($0)" }
        let offenders = try domain.flatMap { folder in
            try Self.swiftFiles(under: Self.serverFolder.appendingPathComponent(folder)).filter { file in
                Self.codeLines(file.text).contains { line in
                    line.trimmingCharacters(in: .whitespaces) == "import Hummingbird"
                        || (forbidden + statuses).contains { line.contains($0) }
                }
            }.map(\.path)
        }
        #expect(offenders.isEmpty, "HTTP in the domain: \(offenders)")
    }

    /// Folders that speak HTTP (the protocol adapters, the pages, the plumbing).
    static func edgeFiles() throws -> [(path: String, text: String)] {
        try Self.swiftFiles(under: Self.serverFolder).filter { file in
            ["HTTP/", "Web/", "GoTrue/", "Firebase/", "REST/", "EdgeFunction/"].contains {
                file.path.hasPrefix("Sources/GatehouseServer/" + $0)
            }
        }
    }

    @Test("HTTP and page code names no repository and no database type")
    func edgeUsesServices() throws {
        let edge = try Self.edgeFiles()
        #expect(!edge.isEmpty)
        let offenders = edge.filter { file in
            Self.codeLines(file.text).contains { $0.contains("Repository") || $0.contains("SQLDatabase") }
        }.map(\.path)
        #expect(offenders.isEmpty, "repositories named at the edge: \(offenders)")
    }

    @Test("no handler calls the rate limiter or reads a bearer token itself")
    func middlewareDoesTheChecks() throws {
        // A limiter or the Authorization header named in a handler means a check done by hand;
        // the middleware (HTTP/Middleware/) and the route lists (and Firebase's RPC table) that
        // declare it are the places.
        let forbidden = ["RateLimiter", "limits.otp", "limits.token", "limits.verify", "bearerToken", "\"Bearer ", "[.authorization]"]
        let allowed = [
            "Sources/GatehouseServer/HTTP/Middleware/", "Sources/GatehouseServer/HTTP/RateLimiter.swift", "Routes.swift",
            "Firebase/FirebaseRPC.swift",
        ]
        let offenders = try Self.edgeFiles().filter { file in
            !allowed.contains { file.path.hasPrefix($0) || file.path.hasSuffix($0) }
                && Self.codeLines(file.text).contains { line in forbidden.contains { line.contains($0) } }
        }.map(\.path)
        #expect(offenders.isEmpty, "handlers doing a middleware's job: \(offenders)")
    }
}
