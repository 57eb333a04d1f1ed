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

/// `GET /admin/mail/{id}/retry`: what retrying this dead email means, with the button;
/// `POST`: puts it back in the queue (`MailService.retryDeadJob`, audited as the operator) and
/// 303s to the dead tab with a notice. A job that is not dead (retried already, by someone else
/// too, or sent) is refused with a 409 page saying so; an unknown or malformed id is the 404 page.
struct ConsoleMailRetryPage {
    let console: ConsoleContext

    func show(_ request: Request, _ context: GatehouseRequestContext, _ console: ConsoleOperator, _ exchange: inout WebExchange)
        async throws -> ConsoleOutcome
    {
        guard let id = Self.jobId(context), let job = try await self.console.service.mail.outboxJob(id: id) else {
            return .page(ConsoleMailNotFound.page())
        }
        let refusal = job.state == .dead ? nil : Self.refusal(job.state)
        return .page(page(job, refusal: refusal, status: .ok))
    }

    func submit(
        _ request: Request, _ context: GatehouseRequestContext, _ console: ConsoleOperator, _ form: WebForm, _ exchange: inout WebExchange
    ) async throws -> ConsoleOutcome {
        guard let id = Self.jobId(context) else { return .page(ConsoleMailNotFound.page()) }
        let mail = self.console.service.mail
        switch try await mail.retryDeadJob(id: id) {
        case .retried:
            return .redirect("/admin/mail/outbox?state=dead&notice=retried")
        case .notDead(let state):
            guard let job = try await mail.outboxJob(id: id) else { return .page(ConsoleMailNotFound.page()) }
            return .page(page(job, refusal: Self.refusal(state), status: .conflict))
        case .notFound:
            return .page(ConsoleMailNotFound.page())
        }
    }

    private func page(_ job: OutboxJobSummary, refusal: String?, status: HTTPResponse.Status) -> ConsolePage {
        var values = ConsoleMailView.row(of: job)
        values["retryable"] = refusal == nil
        values["refusal"] = refusal ?? false
        return ConsolePage(title: "Retry an email", section: .mail, template: "console_mail_retry", values: values, status: status)
    }

    /// Why a job that is not dead cannot be retried.
    static func refusal(_ state: OutboxState) -> String {
        let now =
            switch state {
            case .pending: "it is already waiting to be sent (retried already?)"
            case .sending: "it is being sent right now"
            case .sent: "it was sent"
            case .skipped: "there was nothing to send"
            case .dead: "it is dead"
            }
        return "Only a dead email can be retried, and this one is not: \(now). Nothing was changed."
    }

    /// The path's id, if it is a UUID (anything else is the 404 page, not an error).
    static func jobId(_ context: GatehouseRequestContext) -> UUID? {
        context.parameters.get("id").flatMap { $0.count == 36 ? UUID(parsing: $0) : nil }
    }
}
