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

/// Guards docs/spec-coverage.md against the specs it traces.
///
/// Every checklist line (`- [ ]` / `- [x]`) of every spec in the spec folder must have exactly one
/// row in the coverage table, keyed by a stable id `NNN-MM` (spec number, then the item's ordinal
/// among that spec's checklist lines) and carrying the item's text, so an edited, added or removed
/// spec line shows up here. Every row must name where the item lives and either point at tests
/// that exist (`path::function`, checked against the file) or state why not (`missing:`,
/// `pending:`, `visual:`, `n/a:` followed by a reason).
///
/// Beyond the checklist, every other concrete requirement of the specs has a row keyed `NNN-RMM`
/// (spec number, `R`, then its place in that spec's section): it must sit in its spec's section,
/// carry a unique id, name where it lives and prove itself the same way; the counts the
/// introduction states must be the table's.
///
/// The spec folder is `../shared/spec` beside the repository (CI keeps shared/ next to the clone),
/// or GATEHOUSE_SPEC_DIR. A missing folder fails the test: a trace against no specs proves nothing.
@Suite("Spec coverage table")
struct SpecCoverageTests {
    @Test("every spec checklist line has one row, and every row a test or a stated reason")
    func everyChecklistLineIsTraced() throws {
        let specs = try #require(SpecChecklist.load(), SpecChecklist.missingFolderMessage)
        #expect(!specs.isEmpty, "no checklist lines found in \(SpecChecklist.folder.path)")

        let table = try CoverageTable.load()
        let problems = CoverageTable.problems(table: table, specs: specs)
        let report = "docs/spec-coverage.md:\n" + problems.joined(separator: "\n")
        #expect(problems.isEmpty, Comment(rawValue: report))
    }

    @Test("every requirement row beyond the checklist has a unique id, a test or a stated reason, and is counted")
    func everyRequirementRowIsTraced() throws {
        let numbers = try #require(SpecChecklist.specNumbers(), SpecChecklist.missingFolderMessage)
        let document = try CoverageTable.document()
        let rows = CoverageTable.requirementRows(in: document)
        #expect(!rows.isEmpty, "no NNN-RMM rows in docs/spec-coverage.md")
        let problems =
            CoverageTable.requirementProblems(rows: rows, specNumbers: numbers) + CoverageTable.countProblems(rows: rows, in: document)
        let report = "docs/spec-coverage.md:\n" + problems.joined(separator: "\n")
        #expect(problems.isEmpty, Comment(rawValue: report))
    }

    @Test("requirement ids are NNN-RMM and never read as checklist ids")
    func requirementIDs() {
        #expect(CoverageTable.isRequirementID("000-R01"))
        #expect(CoverageTable.isRequirementID("002-R45"))
        #expect(!CoverageTable.isRequirementID("000-01"))
        #expect(!CoverageTable.isRequirementID("000-R1"))
        #expect(!CoverageTable.isRequirementID("00-R01"))
        #expect(!CoverageTable.isRequirementID("000-X01"))
        #expect(!CoverageTable.isID("000-R01"))
        #expect(CoverageTable.row(from: "| 000-R01 | a | b | c |") == nil)
    }

    @Test("the requirement check reports duplicates, misplaced rows, unknown specs, rows without proof and wrong counts")
    func requirementCheckFindsProblems() {
        let document = """
            Requirement rows beyond the checklist: 000: 2, 001: 1 (3 in all).
            ## 000: requirements beyond the checklist
            | 000-R01 | §6 "Send Reset Link" | ForgotPasswordView | visual: read against the spec in ForgotPasswordView |
            | 000-R01 | §6 "Sending..." | ForgotPasswordModel | n/a: a second row under the same id |
            | 001-R01 | Story 1.4 "Reset Password" | ForgotPasswordView | visual: under the wrong spec's section |
            | 009-R01 | a spec that is not there | somewhere | n/a: the spec folder has no 009 |
            ## 001: requirements beyond the checklist
            | 001-R02 | | ForgotPasswordModel | missing: no test was written for it yet |
            | 001-R03 | Story 1.4 focus on appear | ForgotPasswordView | checked by reading |
            """
        let rows = CoverageTable.requirementRows(in: document)
        #expect(rows.map(\.row.id) == ["000-R01", "000-R01", "001-R01", "009-R01", "001-R02", "001-R03"])
        let problems = CoverageTable.requirementProblems(rows: rows, specNumbers: ["000", "001"])
        let expected = [
            "000-R01: more than one row", "001-R01: listed under section 000", "009-R01: no spec 009",
            "001-R02: no requirement", "001-R03: no test",
        ]
        for start in expected {
            #expect(problems.contains { $0.hasPrefix(start) }, "\(start) not reported in \(problems)")
        }
        let counts = CoverageTable.countProblems(rows: rows, in: document)
        #expect(counts.contains { $0.hasPrefix("001: the introduction says 1") }, "\(counts)")
        #expect(counts.contains { $0.hasPrefix("009: the introduction says 0") }, "\(counts)")
        #expect(counts.contains { $0.hasPrefix("the introduction says 3 in all") }, "\(counts)")
        #expect(CoverageTable.countProblems(rows: rows, in: "no counts here") == [CoverageTable.missingCountsLine])
    }

    @Test("normalisation ignores markdown emphasis, code marks, case and spacing")
    func normalisationIsStable() {
        #expect(SpecChecklist.normalize("**Login  with** `valid` Email ") == "login with valid email")
    }
}

/// One checklist line of one spec.
struct ChecklistItem: Equatable {
    let id: String
    let text: String
}

enum SpecChecklist {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // GatehouseCoreTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
    }

    static var folder: URL {
        if let override = ProcessInfo.processInfo.environment["GATEHOUSE_SPEC_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/spec")
    }

    static var missingFolderMessage: Comment {
        let text =
            "spec folder \(folder.path) not found or without NNN_*.txt specs: "
            + "keep shared/ beside the clone or set GATEHOUSE_SPEC_DIR"
        return Comment(rawValue: text)
    }

    /// Checklist items of every `NNN_*.txt` spec, or nil when there are no specs to read.
    static func load() -> [ChecklistItem]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            return nil
        }
        let specFiles = names.filter { $0.hasSuffix(".txt") && specNumber(of: $0) != nil }.sorted()
        guard !specFiles.isEmpty else { return nil }
        var items: [ChecklistItem] = []
        for name in specFiles {
            guard let number = specNumber(of: name),
                let body = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            else { return nil }
            var ordinal = 0
            for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
                guard let text = checklistText(String(line)) else { continue }
                ordinal += 1
                items.append(ChecklistItem(id: "\(number)-" + twoDigits(ordinal), text: text))
            }
        }
        return items
    }

    /// The text after `- [ ]` / `- [x]` (also `*` bullets and indented lines), or nil.
    static func checklistText(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        for marker in ["- [ ] ", "- [x] ", "- [X] ", "* [ ] ", "* [x] ", "* [X] "] where trimmed.hasPrefix(marker) {
            return String(trimmed.dropFirst(marker.count)).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The numbers of the `NNN_*.txt` specs in the folder, or nil when there are none.
    static func specNumbers() -> Set<String>? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        let numbers = Set(names.filter { $0.hasSuffix(".txt") }.compactMap(specNumber(of:)))
        return numbers.isEmpty ? nil : numbers
    }

    /// "000" from "000_7d5363db44ffa080.txt".
    static func specNumber(of fileName: String) -> String? {
        let prefix = fileName.prefix(3)
        guard prefix.count == 3, prefix.allSatisfy(\.isNumber), fileName.dropFirst(3).first == "_" else {
            return nil
        }
        return String(prefix)
    }

    /// Lowercased, without `**` and backticks, with runs of whitespace collapsed.
    static func normalize(_ text: String) -> String {
        text.replacingOccurrences(of: "**", with: "")
            .replacingOccurrences(of: "`", with: "")
            .lowercased()
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

/// The rows of docs/spec-coverage.md: `| id | item | implemented in | proof |`.
enum CoverageTable {
    struct Row {
        let id: String
        let item: String
        let implementation: String
        let proof: String
    }

    /// Proof cells that carry a reason instead of a test.
    static let reasonKinds = ["missing:", "pending:", "visual:", "n/a:"]

    static func load() throws -> [Row] {
        try document().split(separator: "\n").compactMap { row(from: String($0)) }
    }

    static func document() throws -> String {
        let url = SpecChecklist.repositoryRoot.appendingPathComponent("docs/spec-coverage.md")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A table row whose first cell is an id like `000-07`; headers and other tables are skipped.
    static func row(from line: String) -> Row? {
        tableRow(from: line, accepting: isID)
    }

    /// A table row whose first cell is a requirement id like `000-R07`.
    static func requirementRow(from line: String) -> Row? {
        tableRow(from: line, accepting: isRequirementID)
    }

    private static func tableRow(from line: String, accepting accepts: (String) -> Bool) -> Row? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("|") else { return nil }
        let cells = trimmed.split(separator: "|", omittingEmptySubsequences: false)
            .dropFirst()
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let id = cells.first, accepts(id) else { return nil }
        func cell(_ index: Int) -> String { index < cells.count ? cells[index] : "" }
        return Row(id: id, item: cell(1), implementation: cell(2), proof: cell(3))
    }

    static func isID(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        return parts.count == 2 && parts[0].count == 3 && parts[1].count == 2
            && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
    }

    /// `NNN-RMM`: a spec number, `R`, and a two-digit ordinal.
    static func isRequirementID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 3, parts[0].allSatisfy(\.isNumber) else { return false }
        let ordinal = parts[1]
        return ordinal.count == 3 && ordinal.first == "R" && ordinal.dropFirst().allSatisfy(\.isNumber)
    }

    static func specNumber(ofID id: String) -> String { String(id.prefix(3)) }

    /// A requirement row and the spec number of the `## NNN…` section it is listed under (nil
    /// under a section of no spec).
    struct RequirementRow {
        let row: Row
        let section: String?
    }

    static func requirementRows(in document: String) -> [RequirementRow] {
        var section: String?
        var rows: [RequirementRow] = []
        for line in document.split(separator: "\n").map(String.init) {
            if line.hasPrefix("## ") {
                let heading = line.dropFirst(3).prefix(3)
                section = heading.count == 3 && heading.allSatisfy(\.isNumber) ? String(heading) : nil
            } else if let row = requirementRow(from: line) {
                rows.append(RequirementRow(row: row, section: section))
            }
        }
        return rows
    }

    static func requirementProblems(rows: [RequirementRow], specNumbers: Set<String>) -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        for entry in rows {
            let row = entry.row
            let number = specNumber(ofID: row.id)
            if !seen.insert(row.id).inserted { problems.append("\(row.id): more than one row") }
            if !specNumbers.contains(number) { problems.append("\(row.id): no spec \(number) in \(SpecChecklist.folder.path)") }
            if entry.section != number { problems.append("\(row.id): listed under section \(entry.section ?? "(no spec)")") }
            if row.item.isEmpty { problems.append("\(row.id): no requirement quoted") }
            if row.implementation.isEmpty {
                problems.append("\(row.id): no implementation named (write \"missing\" if there is none)")
            }
            problems += proofProblems(row)
        }
        return problems
    }

    /// The introduction's line with the requirement rows per spec.
    static let countsLinePrefix = "Requirement rows beyond the checklist:"
    static let missingCountsLine = "no line \"\(countsLinePrefix) 000: N, … (N in all).\" in the introduction"

    /// The counts the introduction states ("000: 23, 001: 21 (44 in all)") against the table's.
    static func countProblems(rows: [RequirementRow], in document: String) -> [String] {
        guard let line = document.split(separator: "\n").first(where: { $0.hasPrefix(countsLinePrefix) }) else {
            return [missingCountsLine]
        }
        var stated: [String: Int] = [:]
        var statedTotal: Int?
        for piece in line.dropFirst(countsLinePrefix.count).split(whereSeparator: { $0 == "," || $0 == "(" }) {
            let words = piece.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == ")" || $0 == "." })
            if words.count == 2, words[0].count == 3, words[0].allSatisfy(\.isNumber), let count = Int(words[1]) {
                stated[String(words[0])] = count
            } else if words.count == 3, words[1] == "in", words[2] == "all", let total = Int(words[0]) {
                statedTotal = total
            }
        }
        var actual: [String: Int] = [:]
        for entry in rows { actual[specNumber(ofID: entry.row.id), default: 0] += 1 }
        var problems: [String] = []
        for number in Set(stated.keys).union(actual.keys).sorted() where stated[number] != actual[number] {
            problems.append(
                "\(number): the introduction says \(stated[number] ?? 0) requirement rows, the table has \(actual[number] ?? 0)")
        }
        if statedTotal != rows.count {
            problems.append("the introduction says \(statedTotal.map(String.init) ?? "nothing") in all, the table has \(rows.count)")
        }
        return problems
    }

    static func problems(table: [Row], specs: [ChecklistItem]) -> [String] {
        var problems: [String] = []
        var rowsByID: [String: Row] = [:]
        for row in table {
            if rowsByID[row.id] != nil { problems.append("\(row.id): more than one row") }
            rowsByID[row.id] = row
        }
        let specIDs = Set(specs.map(\.id))
        for row in table where !specIDs.contains(row.id) {
            problems.append("\(row.id): row for no spec checklist line (\(row.item))")
        }
        for item in specs {
            guard let row = rowsByID[item.id] else {
                problems.append("\(item.id): no row for spec line \"\(item.text)\"")
                continue
            }
            if SpecChecklist.normalize(row.item) != SpecChecklist.normalize(item.text) {
                problems.append("\(item.id): row text \"\(row.item)\" is not the spec line \"\(item.text)\"")
            }
            if row.implementation.isEmpty {
                problems.append("\(item.id): no implementation named (write \"missing\" if there is none)")
            }
            problems += proofProblems(row)
        }
        return problems
    }

    /// A proof is test references (`path::function`) or a kind with a reason; every reference,
    /// also one inside a reason, must name a test function that exists.
    static func proofProblems(_ row: Row) -> [String] {
        let references = testReferences(in: row.proof)
        var problems = references.compactMap { referenceProblem($0, row: row.id) }
        let lowered = row.proof.lowercased()
        if let kind = reasonKinds.first(where: { lowered.hasPrefix($0) }) {
            let reason = row.proof.dropFirst(kind.count).trimmingCharacters(in: .whitespaces)
            if reason.count < 10 { problems.append("\(row.id): \"\(kind)\" without a stated reason") }
        } else if references.isEmpty {
            problems.append("\(row.id): no test (`path::function`) and no missing:/pending:/visual:/n/a: reason")
        }
        return problems
    }

    /// The `path::function` spans inside backticks.
    static func testReferences(in proof: String) -> [(path: String, function: String)] {
        let spans = proof.split(separator: "`", omittingEmptySubsequences: false)
            .enumerated()
            .filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
        return spans.compactMap { span in
            guard let separator = span.range(of: "::") else { return nil }
            return (String(span[..<separator.lowerBound]), String(span[separator.upperBound...]))
        }
    }

    static func referenceProblem(_ reference: (path: String, function: String), row id: String) -> String? {
        let url = SpecChecklist.repositoryRoot.appendingPathComponent(reference.path)
        guard let source = try? String(contentsOf: url, encoding: .utf8) else {
            return "\(id): test file \(reference.path) not found"
        }
        let declarations = ["func \(reference.function)(", "def \(reference.function)("]
        guard declarations.contains(where: source.contains) else {
            return "\(id): no test function \(reference.function) in \(reference.path)"
        }
        return nil
    }
}
