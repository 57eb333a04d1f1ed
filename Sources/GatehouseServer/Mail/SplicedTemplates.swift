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

import Mustache
import Synchronization

/// A Mustache library whose templates are rendered once for each set of section flags, with a
/// marker in place of every string value, and cut at the markers. An email is then its pieces
/// joined with the values, each escaped by `HTMLText` where the template escapes it (the
/// templates name `HTMLText`'s content type, `TemplateEscaping`, so the library's own rendering
/// escapes the same way).
///
/// Mustache looks every variable up through `Any` and casts it to half a dozen protocols:
/// rendering a reset email's two parts cost the outbox worker
/// more than the rest of the email's minting and delivery together. The library still parses
/// and renders every template; only the values are put in afterwards.
///
/// The values here are strings and the flags booleans. A string's section (`{{#link}}`) is
/// decided by the library as for any other string; the pieces are kept per flag set and per
/// which values are empty, so a template whose output depends on either still splices right.
final class SplicedTemplates: Sendable {
    private let library: MustacheLibrary
    /// The names of the string values, in the order `render` takes them.
    let valueNames: [String]
    private let pieces = Mutex<[Key: [Piece]?]>([:])

    init(library: MustacheLibrary, valueNames: [String]) {
        precondition(valueNames.count < 64, "the emptiness of each value is a bit of the cache key")
        self.library = library
        self.valueNames = valueNames
    }

    /// Renders `template` with `values` (one for each of `valueNames`, in their order) and the
    /// section flags. A template the library does not hold renders as "".
    func render(_ template: String, values: [String], flags: [String: Bool] = [:]) -> String {
        precondition(values.count == valueNames.count, "one value for each name")
        var emptyValues: UInt64 = 0
        for (index, value) in values.enumerated() where value.isEmpty { emptyValues |= 1 << index }
        let key = Key(template: template, flags: flags, emptyValues: emptyValues)
        let known = pieces.withLock { $0[key] }
        let found: [Piece]?
        if let known {
            found = known
        } else {
            found = split(template, flags: flags, emptyValues: emptyValues)
            pieces.withLock { $0[key] = found }
        }
        guard let found else { return libraryRender(template, values: values, flags: flags) }
        return Self.join(found, values)
    }

    /// The library's own rendering: the reference `render` must agree with, and the way a
    /// template whose output could not be cut is rendered.
    func libraryRender(_ template: String, values: [String], flags: [String: Bool] = [:]) -> String {
        library.render(context(values: values, flags: flags), withTemplate: template) ?? ""
    }

    private struct Key: Hashable {
        let template: String
        let flags: [String: Bool]
        let emptyValues: UInt64
    }

    enum Piece: Equatable {
        case text(String)
        case value(Int, escaped: Bool)
    }

    private func context(values: [String], flags: [String: Bool]) -> [String: Any] {
        var context: [String: Any] = flags
        for (name, value) in zip(valueNames, values) { context[name] = value }
        return context
    }

    /// Renders with markers and cuts the output at them; nil when the output cannot be cut
    /// (the template's own text holds a marker's characters).
    private func split(_ template: String, flags: [String: Bool], emptyValues: UInt64) -> [Piece]? {
        // An empty value keeps its emptiness in the marked render: a marker cannot stand for it,
        // and the output has nothing of it to cut out.
        let markers = valueNames.indices.map { index in
            emptyValues & (1 << index) != 0 ? "" : Self.marker(index)
        }
        guard let marked = library.render(context(values: markers, flags: flags), withTemplate: template) else {
            return [.text("")]
        }
        return Self.cut(marked, valueCount: valueNames.count)
    }

    /// A marker is U+E000, the value's index, `<`, U+E001. The private-use characters do not
    /// occur in the templates, and the `<` shows whether the library escaped the value (`&lt;`).
    static func marker(_ index: Int) -> String { "\u{E000}\(index)<\u{E001}" }

    static func cut(_ marked: String, valueCount: Int) -> [Piece]? {
        var pieces: [Piece] = []
        var text = ""
        var scalars = marked.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{E001}" { return nil }
            guard scalar == "\u{E000}" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            var tail = ""
            while let next = scalars.next(), next != "\u{E001}" {
                tail.unicodeScalars.append(next)
                if tail.unicodeScalars.count > 12 { return nil }
            }
            let escaped: Bool
            let digits: Substring
            if tail.hasSuffix("&lt;") {
                escaped = true
                digits = tail.dropLast(4)
            } else if tail.hasSuffix("<") {
                escaped = false
                digits = tail.dropLast()
            } else {
                return nil
            }
            guard let index = Int(digits), index >= 0, index < valueCount else { return nil }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(.value(index, escaped: escaped))
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    static func join(_ pieces: [Piece], _ values: [String]) -> String {
        var output = ""
        var length = 0
        for piece in pieces {
            switch piece {
            case .text(let text): length += text.utf8.count
            case .value(let index, _): length += values[index].utf8.count
            }
        }
        output.reserveCapacity(length + length / 8)
        for piece in pieces {
            switch piece {
            case .text(let text): output += text
            case .value(let index, let escaped):
                if escaped { HTMLText.append(values[index], to: &output) } else { output += values[index] }
            }
        }
        return output
    }
}
