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

import ArgumentParser
import Foundation
import GatehouseClient
import GatehouseCore
import GatehouseFeatures

/// `gatehouse forgot-password`: the forgot-password page (`ForgotPasswordModel`) in a terminal,
/// against any of the specs' reset backends.
struct ForgotPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forgot-password", abstract: "Ask for a password reset link, as the app's forgot-password page does."
    )

    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case gotrue, edge, rest
        case restLegacy = "rest-legacy"
    }

    @OptionGroup var client: TerminalClientOptions
    @Option(help: "The email address (asked for when missing).") var email: String?
    @Option(help: "gotrue (POST /recover), edge (spec 003's Edge Function), rest or rest-legacy (spec 004).")
    var backend: Backend = .gotrue
    @Option(help: "X-App-Version for the REST backend.") var appVersion = "1.0.0"
    @Option(help: "The link lifetime in seconds, for backends that do not tell it.") var linkLifetime: Int?

    func run() async throws {
        let base = try client.baseURL()
        let service: any PasswordResetService =
            switch backend {
            case .gotrue: GoTrueResetService(client: try client.makeClient())
            case .edge: EdgeFunctionResetService(baseURL: base, apiKey: client.apiKey)
            case .rest: RESTResetService(baseURL: base.appendingPathComponent("api/"), appVersion: appVersion)
            case .restLegacy:
                RESTResetService(baseURL: base.appendingPathComponent("api/"), endpoint: .legacyResetPassword, appVersion: appVersion)
            }
        let sent = await Self.drive(service: service, email: email, linkLifetime: linkLifetime, showSignals: client.showSignals)
        if !sent { throw ExitCode.failure }
    }

    private typealias Copy = UserFacingText.ForgotPassword

    @MainActor
    static func drive(service: any PasswordResetService, email: String?, linkLifetime: Int?, showSignals: Bool) async -> Bool {
        let model = ForgotPasswordModel(service: service, prefillEmail: email, linkLifetime: linkLifetime)
        var signals = TerminalSignals(enabled: showSignals)
        // An address given on the command line is sent as is the first time.
        var ask = email == nil
        while true {
            guard await form(model, ask: ask, signals: &signals) else { return false }
            ask = true
            switch await sentState(model, signals: &signals) {
            case .differentAddress: continue
            case .done: return true
            }
        }
    }

    /// The form: asks for the address until a request went through (or input ends).
    @MainActor
    private static func form(_ model: ForgotPasswordModel, ask: Bool, signals: inout TerminalSignals) async -> Bool {
        Terminal.heading(Copy.title)
        Terminal.line(Copy.subtitle)
        var ask = ask
        while model.phase == .form {
            if ask {
                guard let answer = Terminal.ask(UserFacingText.Login.emailLabel, default: model.email) else { return false }
                model.email = answer
            } else {
                Terminal.line("\(UserFacingText.Login.emailLabel): \(model.email)")
            }
            ask = true
            model.emailDidBlur()
            if let error = model.emailError {
                Terminal.failure(error)
                continue
            }
            Terminal.line(Copy.sending)
            await model.submit()
            signals.show(model.signals)
            if model.phase == .sent { return true }
            if let error = model.errorMessage { Terminal.failure(error) }
        }
        return true
    }

    private enum SentOutcome { case differentAddress, done }

    /// The success state: resend (behind its cooldown), another address, or back to login.
    @MainActor
    private static func sentState(_ model: ForgotPasswordModel, signals: inout TerminalSignals) async -> SentOutcome {
        Terminal.heading(Copy.successTitle)
        for line in [model.successMessage, Copy.followTheLink, model.linkExpiryText].compactMap({ $0 }) {
            Terminal.success(line)
        }
        while true {
            if let notice = model.notice { Terminal.line(notice) }
            if let error = model.errorMessage { Terminal.failure(error) }
            let choice = Terminal.choose("[s] \(model.resendLabel)  [d] \(Copy.useDifferentEmail)  [l] \(Copy.backToLogin)")
            switch choice {
            case "s":
                await model.sendAnother()
                signals.show(model.signals)
            case "d":
                model.useDifferentEmail()
                return .differentAddress
            case "l", nil:
                model.backToLogin()
                return .done
            default:
                continue
            }
        }
    }
}
