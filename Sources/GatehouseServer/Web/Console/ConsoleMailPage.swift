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
import GatehouseCore
import Hummingbird

/// `GET /admin/mail/outbox?state=dead&page=2`: the outbox, one state at a time (tabs with
/// counts; without `state=`, the tab with the latest activity), newest first, 50 a page; each
/// dead job with its last error and a Retry button. A state or page the console does not know
/// is the 404 page.
///
/// Not `/admin/mail`: that path is the admin API's JSON outbox status (service-role bearer, at
/// the root and under `/auth/v1`), which the CLI's conformance and operators' scripts call; one
/// path cannot be both (the router keeps one handler per path and method).
struct ConsoleMailPage {
    let console: ConsoleContext

    /// The fixed notices the mail forms redirect back with (`?notice=`): never text from the
    /// query itself.
    static let notices = [
        "retried": "The email is back in the queue and will be sent shortly.",
        "test_queued": "The test email is queued. It moves to Sent once the transport accepted it.",
    ]

    func show(_ request: Request, _ context: GatehouseRequestContext, _ console: ConsoleOperator, _ exchange: inout WebExchange)
        async throws -> ConsoleOutcome
    {
        let query = request.uri.queryParameters
        // No `state=` (the navigation's link): the service opens the tab with the latest activity.
        let raw = query.get("state") ?? ""
        let state = OutboxState(rawValue: raw)
        guard raw.isEmpty || state != nil, let page = Self.page(query.get("page")) else {
            return .page(ConsoleMailNotFound.page())
        }
        let outbox = try await self.console.service.mail.outboxPage(state: state, page: page)
        var values = ConsoleMailView.values(of: outbox)
        if let notice = query.get("notice").flatMap({ Self.notices[$0] }) { values["notice"] = notice }
        return .page(ConsolePage(title: "Mail", section: .mail, template: "console_mail", values: values))
    }

    /// `page=` absent means 1; anything but a number from 1 to 100,000 is nil.
    static func page(_ raw: String?) -> Int? {
        guard let raw, !raw.isEmpty else { return 1 }
        guard raw.count <= 6, raw.allSatisfy(\.isASCII), let page = Int(raw), (1...100_000).contains(page) else { return nil }
        return page
    }
}
