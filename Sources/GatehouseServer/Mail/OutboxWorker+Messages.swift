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

/// What the outbox sends for each job: the tokens a batch needs are minted together, then each
/// job's email is rendered from its template.
extension OutboxWorker {
    /// The email for each job, in order, or nil where there is nothing to send (an unknown
    /// address). Every token the batch needs is minted in one transaction.
    func messages(for jobs: [OutboxJob]) async throws -> [MailMessage?] {
        var tokenRequests: [OneTimeTokenRequest] = []
        for job in jobs {
            switch job {
            case .recovery(let email, let redirectTo, let challenge, let method):
                tokenRequests.append(
                    .init(purpose: .recovery, email: email, redirectTo: redirectTo, codeChallenge: challenge, codeChallengeMethod: method))
            case .signupConfirmation(let email, let redirectTo, let challenge, let method, let pendingSignupId):
                tokenRequests.append(
                    .init(
                        purpose: .signup, email: email, redirectTo: redirectTo, codeChallenge: challenge, codeChallengeMethod: method,
                        pendingSignupId: pendingSignupId
                    ))
            case .emailLink(let purpose, let email, let redirectTo, let challenge, let method, let pendingSignupId):
                tokenRequests.append(
                    .init(
                        purpose: purpose, email: email, redirectTo: redirectTo, codeChallenge: challenge, codeChallengeMethod: method,
                        pendingSignupId: pendingSignupId
                    ))
            case .firebaseOob(let email, let link):
                tokenRequests.append(.init(purpose: link.requestType.purpose, email: email, firebaseAction: link))
            case .passwordChanged, .direct, .reauthentication, .emailChange, .consoleTest:
                break
            }
        }
        var issued = try await mail.issueOneTimeTokens(tokenRequests).makeIterator()
        var messages: [MailMessage?] = []
        for job in jobs {
            switch job {
            case .direct(let message):
                messages.append(message)
            case .consoleTest(let email):
                messages.append(
                    render(ConsoleTestEmail.render(productName: environment.configuration.mail.productName, email: email), to: email))
            case .recovery:
                messages.append((issued.next() ?? nil).map { render(templates.recovery($0.context), to: $0.user.email) })
            case .signupConfirmation:
                messages.append((issued.next() ?? nil).map { render(templates.signupConfirmation($0.context), to: $0.user.email) })
            case .emailLink(let purpose, _, _, _, _, _):
                messages.append((issued.next() ?? nil).map { render(templates.link(purpose, $0.context), to: $0.user.email) })
            case .firebaseOob(_, let link):
                messages.append(
                    (issued.next() ?? nil).map { render(templates.firebaseOob(link.requestType, $0.context), to: $0.user.email) })
            case .reauthentication(let userId):
                let issued = try await mail.issueReauthenticationNonce(userId: userId)
                messages.append(issued.map { render(templates.reauthentication($0.context), to: $0.email) })
            case .emailChange(let userId, let side, let newEmail, let redirectTo, let challenge, let method):
                let pkce = challenge.flatMap { challenge in method.map { PKCEChallenge(challenge: challenge, method: $0) } }
                let issued = try await mail.issueEmailChangeToken(
                    userId: userId, side: side, newEmail: newEmail, redirectTo: redirectTo, pkce: pkce)
                messages.append(issued.map { render(emailChangeTemplates.render($0.context), to: $0.address) })
            case .passwordChanged(let userId):
                let user = try await environment.store.perform { try await $0.users.find(id: userId) }
                messages.append(
                    user.map { user in
                        let context = EmailTemplates.Context(productName: environment.configuration.mail.productName, email: user.email)
                        return render(templates.passwordChanged(context), to: user.email)
                    })
            }
        }
        return messages
    }

    func render(_ rendered: EmailTemplates.Rendered, to address: String) -> MailMessage {
        MailMessage(
            from: environment.configuration.mail.from, to: MailAddress(address), subject: rendered.subject,
            text: rendered.text, html: rendered.html
        )
    }
}
