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

/// The console's 404 for the mail pages: an unknown or malformed job id, state or page.
enum ConsoleMailNotFound {
    static func page() -> ConsolePage {
        ConsolePage(
            title: "Not found", section: .mail, template: "console_message",
            values: ["message": "There is no such email in the outbox.", "link": "/admin/mail/outbox", "linkLabel": "Back to the outbox"],
            status: .notFound)
    }
}
