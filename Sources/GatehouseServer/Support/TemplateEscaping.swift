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

/// Every Mustache template of the server (the pages, the console, the emails) escapes its `{{…}}`
/// values with `HTMLText`, not Mustache's own HTML escaping: Mustache compares whole characters,
/// so it leaves a quote that a combining mark follows (`"\u{301}`, one `Character`) as it is, and
/// such a quote ends an attribute's value. A value reflected into an attribute (the console's
/// event filter, a passkey's new name, an email's link) could then add attributes to the element.
///
/// Mustache picks a template's escaping by a pragma, so every source is given one at its start
/// (on its first line, so the output is the same as without it).
enum TemplateEscaping {
    static let contentTypeName = "HTML_EVERY_SCALAR"

    /// Registered once, before the first template names it: Mustache's registry is a global
    /// that the parser reads.
    private static let registered: Void = MustacheContentTypes.register(HTMLEveryScalar(), named: contentTypeName)

    /// `source` with the pragma that makes its `{{…}}` values escaped by `HTMLText`.
    static func source(_ source: String) -> String {
        _ = registered
        return "{{% CONTENT_TYPE: \(contentTypeName) }}" + source
    }

    private struct HTMLEveryScalar: MustacheContentType {
        func escapeText(_ text: String) -> String { HTMLText.escape(text) }
    }
}
