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
        let url = SpecChecklist.repositoryRoot.appendingPathComponent("docs/spec-coverage.md")
        let body = try String(contentsOf: url, encoding: .utf8)
        return body.split(separator: "\n").compactMap { row(from: String($0)) }
    }

    /// A table row whose first cell is an id like `000-07`; headers and other tables are skipped.
    static func row(from line: String) -> Row? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("|") else { return nil }
        let cells = trimmed.split(separator: "|", omittingEmptySubsequences: false)
            .dropFirst()
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let id = cells.first, isID(id) else { return nil }
        func cell(_ index: Int) -> String { index < cells.count ? cells[index] : "" }
        return Row(id: id, item: cell(1), implementation: cell(2), proof: cell(3))
    }

    static func isID(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        return parts.count == 2 && parts[0].count == 3 && parts[1].count == 2
            && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
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
