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

/// `GET /admin/mail/test`: a form for the address of a test email (the operator's own by
/// default); `POST`: queues it through the real outbox and transport (`MailService.queueTestEmail`,
/// audited as the operator) and 303s to the pending tab with a notice. An address that is not
/// one is the form again, 422, with the error beside the field.
struct ConsoleMailTestPage {
    let console: ConsoleContext

    func show(_ request: Request, _ context: GatehouseRequestContext, _ console: ConsoleOperator, _ exchange: inout WebExchange)
        async throws -> ConsoleOutcome
    {
        .page(page(email: console.email, error: nil))
    }

    func submit(
        _ request: Request, _ context: GatehouseRequestContext, _ console: ConsoleOperator, _ form: WebForm, _ exchange: inout WebExchange
    ) async throws -> ConsoleOutcome {
        let typed = form["email"]
        guard let address = try? EmailAddress(validating: typed) else {
            return .page(
                page(
                    email: String(typed.prefix(EmailAddress.maximumLength)), error: UserFacingText.invalidEmail,
                    status: .unprocessableContent))
        }
        _ = try await self.console.service.mail.queueTestEmail(to: address)
        return .redirect("/admin/mail/outbox?state=pending&notice=test_queued")
    }

    private func page(email: String, error: String?, status: HTTPResponse.Status = .ok) -> ConsolePage {
        ConsolePage(
            title: "Send a test email", section: .mail, template: "console_mail_test",
            values: ["email": email, "error": error ?? false, "transport": self.console.service.environment.transport.name],
            status: status)
    }
}
