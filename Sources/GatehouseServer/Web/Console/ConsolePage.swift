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

import HTTPTypes

/// The console's sections, as its navigation lists them (in this order).
enum ConsoleSection: String, Sendable, CaseIterable {
    case overview, accounts, events, mail

    var label: String {
        switch self {
        case .overview: "Overview"
        case .accounts: "Accounts"
        case .events: "Events"
        case .mail: "Mail"
        }
    }

    var path: String {
        switch self {
        case .overview: "/admin"
        // Not /admin/mail: that path is the admin API's JSON outbox status (service role).
        case .mail: "/admin/mail/outbox"
        case .accounts, .events: "/admin/\(rawValue)"
        }
    }
}

/// One console page: its title (the `<h1>` and the document title), the section the navigation
/// marks current, and its body: a console template with its values, or HTML already rendered
/// (escaped by whoever rendered it).
struct ConsolePage {
    var title: String
    var section: ConsoleSection?
    var body: Body
    var status: HTTPResponse.Status = .ok
    /// A page whose table needs the whole window (the events' six columns at 1280 px), not the
    /// reading width the other pages keep.
    var wide = false

    enum Body {
        /// A template registered in `ConsoleResources.templates`, rendered with `values`
        /// (Mustache escapes `{{…}}`; the CSRF token is `{{csrf}}`).
        case template(String, [String: Any])
        /// Finished HTML, put inside `<main>` as it is.
        case html(String)
    }

    init(title: String, section: ConsoleSection?, template: String, values: [String: Any] = [:], status: HTTPResponse.Status = .ok) {
        self.title = title
        self.section = section
        self.body = .template(template, values)
        self.status = status
    }

    init(title: String, section: ConsoleSection?, html: String, status: HTTPResponse.Status = .ok) {
        self.title = title
        self.section = section
        self.body = .html(html)
        self.status = status
    }
}

/// What a console handler answers: a page, or a redirect (303 See Other).
enum ConsoleOutcome {
    case page(ConsolePage)
    case redirect(String)
}
