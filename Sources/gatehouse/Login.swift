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

/// `gatehouse login`: the login page's logic (`LoginModel`) in a terminal.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in with email and password, as the app's login page does."
    )

    @OptionGroup var client: TerminalClientOptions
    @Option(help: "The email address (asked for when missing).") var email: String?
    @Flag(help: "Remember me: keep the session after this run.") var rememberMe = false
    @Option(help: "Why the page opened; 'timeout' shows the inactivity banner.") var reason: String?

    func run() async throws {
        let auth = try client.makeClient()
        let signedIn = await Self.drive(auth: auth, email: email, rememberMe: rememberMe, reason: reason, showSignals: client.showSignals)
        if !signedIn { throw ExitCode.failure }
    }

    private typealias Copy = UserFacingText.Login

    @MainActor
    static func drive(auth: AuthClient, email: String?, rememberMe: Bool, reason: String?, showSignals: Bool) async -> Bool {
        let model = LoginModel(auth: auth, reason: reason, rememberMe: rememberMe)
        var signals = TerminalSignals(enabled: showSignals)
        Terminal.heading(Copy.signIn)
        if let banner = model.timeoutBannerText { Terminal.warning(banner) }
        model.email = email ?? ""
        // An address given on the command line is used as is unless it fails validation.
        model.didBlur(.email)
        if email == nil || model.emailError != nil {
            guard askEmail(model) else { return false }
        } else {
            Terminal.line("\(Copy.emailLabel): \(model.email)")
        }
        guard askPassword(model) else { return false }
        Terminal.line("\(Copy.rememberMe): \(model.rememberMe ? "on" : "off")")

        while true {
            Terminal.line(LoginModel.buttonLabel(for: .loading))
            await model.submit()
            signals.show(model.signals)
            if model.destination == .dashboard, let user = model.signedInUser {
                Terminal.success("Signed in as \(user.email)")
                if let notice = model.emailVerificationNotice { Terminal.warning(notice) }
                Terminal.line(model.rememberMe ? "The session is remembered for the next run." : "The session ends with this run.")
                return true
            }
            if let error = model.errorMessage { Terminal.failure(error) }
            if model.isRateLimited, Terminal.isInteractive {
                await showCountdown({ model.errorMessage }, secondsLeft: { model.rateLimitSecondsLeft })
            }
            guard Terminal.choose("\(Copy.retry)? [y/N]") == "y" else { return false }
            guard askPassword(model) else { return false }
        }
    }

    /// The email field: asked until it passes validation on "blur".
    @MainActor
    private static func askEmail(_ model: LoginModel) -> Bool {
        while true {
            guard let answer = Terminal.ask(Copy.emailLabel, default: model.email) else { return false }
            model.email = answer
            model.didBlur(.email)
            guard let error = model.emailError else { return true }
            Terminal.failure(error)
        }
    }

    @MainActor
    private static func askPassword(_ model: LoginModel) -> Bool {
        while true {
            guard let answer = Terminal.askSecret(Copy.passwordLabel) else { return false }
            model.password = answer
            model.didBlur(.password)
            guard let error = model.passwordError else { return true }
            Terminal.failure(error)
        }
    }
}
