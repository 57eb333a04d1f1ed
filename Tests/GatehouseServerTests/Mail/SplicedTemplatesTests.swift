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
import Testing

@testable import GatehouseServer

/// An email rendered from the spliced pieces is the one Mustache renders itself, for every
/// template, every section flag and every kind of value: markup, quotes, empty values, text that
/// looks like a tag or a marker.
@Suite struct SplicedTemplatesTests {
    static let valueSets: [[String]] = [
        ["Acme", "user@example.com", "https://auth.example.com/verify?token=abc&type=recovery", "123456", "1 hour"],
        ["<b>Acme</b> & \"Co\"", "o'brien+<script>@example.com", "javascript:alert('x')\"><img src=x>", "&amp;", "1 <hour>"],
        ["", "", "", "", ""],
        ["Ünïcödé 🚀", "jöhn@exämple.com", "https://example.com/ä?q=é", "日本語", "zwei Stunden"],
        ["{{product}}", "{{{email}}}", "{{#onPage}}x{{/onPage}}", "\u{E000}0<\u{E001}", "\u{E001}\u{E000}"],
        ["Acme\n\nInc", "a@b.c", "", "000000", ""],
        ["Acme\"\u{301}", "o'\u{301}brien@example.com", "https://example.com/\"\u{301} onmouseover=x", "<\u{338}", "&\u{301}"],
    ]

    @Test(arguments: EmailTemplates.allSources.keys.sorted())
    func gotrueAndFirebaseTemplatesSpliceAsMustacheRendersThem(template: String) {
        let templates = EmailTemplates().templates
        for values in Self.valueSets {
            for flags in [[:], ["onPage": true], ["onPage": false]] as [[String: Bool]] {
                let spliced = templates.render(template, values: values, flags: flags)
                #expect(spliced == templates.libraryRender(template, values: values, flags: flags), "\(template) \(values) \(flags)")
                #expect(!spliced.isEmpty)
            }
        }
    }

    @Test(arguments: EmailChangeTemplates.sources.keys.sorted())
    func emailChangeTemplatesSpliceAsMustacheRendersThem(template: String) {
        let templates = EmailChangeTemplates().templates
        for values in Self.valueSets {
            let six = values + ["new+<address>@example.com"]
            #expect(templates.render(template, values: six) == templates.libraryRender(template, values: six), "\(template) \(six)")
        }
    }

    /// The first render of a flag set fills the cache; the next ones read it.
    @Test func aSecondRenderOfTheSameTemplateReadsThePiecesKept() {
        let templates = EmailTemplates().templates
        let values = Self.valueSets[1]
        let first = templates.render("recovery.html", values: values)
        #expect(templates.render("recovery.html", values: values) == first)
        #expect(first.contains("o&#39;brien+&lt;script&gt;@example.com"))
        #expect(templates.render("recovery.text", values: values).contains("o'brien+<script>@example.com"))
    }

    /// Section flags and empty values each get their own pieces.
    @Test func flagsAndEmptyValuesAreRenderedByTheLibrary() throws {
        let library = try Self.library(["t": "{{#on}}on:{{a}}{{/on}}{{^on}}off{{/on}}|{{#b}}b is {{b}}{{/b}}{{^b}}no b{{/b}}"])
        let templates = SplicedTemplates(library: library, valueNames: ["a", "b"])
        for on in [true, false] {
            for b in ["", "x<y"] {
                let values = ["1&2", b]
                #expect(
                    templates.render("t", values: values, flags: ["on": on])
                        == templates.libraryRender("t", values: values, flags: ["on": on]))
            }
        }
        #expect(templates.render("t", values: ["1&2", "x<y"], flags: ["on": true]) == "on:1&amp;2|b is x&lt;y")
    }

    /// A template whose own text holds a marker's characters is not cut: the library renders it.
    @Test func aTemplateHoldingMarkerCharactersFallsBackToTheLibrary() throws {
        let library = try Self.library(["t": "before \u{E001} {{a}} and \u{E000}9<\u{E001} after"])
        let templates = SplicedTemplates(library: library, valueNames: ["a"])
        #expect(templates.render("t", values: ["<v>"]) == "before \u{E001} &lt;v&gt; and \u{E000}9<\u{E001} after")
        #expect(SplicedTemplates.cut("x\u{E001}", valueCount: 1) == nil)
        #expect(SplicedTemplates.cut("x\u{E000}7<\u{E001}", valueCount: 1) == nil)
        #expect(SplicedTemplates.cut("x\u{E000}0>\u{E001}", valueCount: 1) == nil)
    }

    @Test func anUnknownTemplateRendersEmpty() {
        let templates = EmailTemplates().templates
        #expect(templates.render("no_such_template.html", values: Self.valueSets[0]).isEmpty)
    }

    /// Mustache's own escaping compares whole characters, so a quote that a combining mark
    /// follows is one character and would pass unescaped, closing an attribute's value. The
    /// templates name `HTMLText`'s content type (`TemplateEscaping`): the spliced form and the
    /// library's own rendering (the fallback) both escape every quote.
    @Test func aQuoteFollowedByACombiningMarkIsStillEscaped() {
        let templates = EmailTemplates().templates
        var values = Self.valueSets[0]
        values[2] = "https://example.com/\"\u{301} onmouseover=alert(1) x=\"\u{301}"
        let unescaped = "\"\u{301} onmouseover"
        let escaped = "&quot;\u{301} onmouseover"
        let html = templates.render("recovery.html", values: values)
        let libraryHTML = templates.libraryRender("recovery.html", values: values)
        #expect(!html.contains(unescaped))
        #expect(html.contains(escaped))
        #expect(!libraryHTML.contains(unescaped))
        #expect(libraryHTML == html)
    }

    static func library(_ sources: [String: String]) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, source) in sources { library.register(try MustacheTemplate(string: source), named: name) }
        return library
    }
}
