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

/// `gatehouse reset-password`: the page a reset link opens (`ResetPasswordModel`), fed with the
/// link from the email or the emailed code.
///
/// The link and the code are secrets (whoever has them can set the password), so they are read
/// from standard input, never taken as arguments: arguments show in `ps` to every user of the
/// machine and stay in the shell's history. Scripts pipe them:
/// `printf '%s\n%s\n%s\n' "$LINK" "$NEW" "$NEW" | gatehouse reset-password`.
struct ResetPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password", abstract: "Set a new password with the link or the code from a reset email.",
        discussion: """
            The link (or the 6-digit code) is read from standard input: typed at a hidden prompt, or \
            piped as the first line, followed by the new password twice. It is never an argument, \
            which ps and the shell's history would show. With a code, give the address with --email.
            """
    )

    @OptionGroup var client: TerminalClientOptions
    @Option(help: "The address the email went to (with a code).") var email: String?
    // Still recognized, only to say where the secret goes instead of "unknown option".
    @Option(help: .hidden) var link: String?
    @Option(help: .hidden) var code: String?

    func validate() throws {
        if link != nil || code != nil {
            throw ValidationError(
                "the link and the code are read from standard input, not from --link or --code (ps and the shell's history would show them): "
                    + "printf '%s\\n' \"$LINK\" | gatehouse reset-password"
            )
        }
    }

    func run() async throws {
        let auth = try client.makeClient()
        let source: ResetPasswordModel.Source
        // Hidden like a password: the link is as good as one.
        guard let answer = Terminal.askSecret("Link or code from the email")?.trimmingCharacters(in: .whitespaces), !answer.isEmpty else {
            throw ExitCode.failure
        }
        if let url = URL(string: answer), url.scheme != nil {
            source = .link(url)
        } else {
            guard let address = email ?? Terminal.ask(UserFacingText.Login.emailLabel) else { throw ExitCode.failure }
            source = .code(email: address, code: answer)
        }
        let changed = await Self.drive(auth: auth, source: source, showSignals: client.showSignals)
        if !changed { throw ExitCode.failure }
    }

    private typealias Copy = UserFacingText.ResetPassword

    @MainActor
    static func drive(auth: AuthClient, source: ResetPasswordModel.Source, showSignals: Bool) async -> Bool {
        let model = ResetPasswordModel(auth: auth, source: source)
        var signals = TerminalSignals(enabled: showSignals)
        Terminal.heading(Copy.title)
        // The new password is asked for first: redeeming the link spends it, and a typo in the
        // confirmation must not cost the person their link.
        guard askPasswords(model) else { return false }
        Terminal.line(Copy.checkingLink)
        await model.open()
        signals.show(model.signals)
        guard model.phase == .ready else {
            Terminal.failure(model.errorMessage ?? UserFacingText.resetLinkInvalid)
            if model.phase == .invalidLink { Terminal.line("Ask for a new link: gatehouse forgot-password") }
            return false
        }
        if let email = model.accountEmail { Terminal.line("Account: \(email)") }
        while true {
            Terminal.line(Copy.saving)
            await model.submit()
            signals.show(model.signals)
            if let message = model.successMessage {
                Terminal.success(message)
                return true
            }
            Terminal.failure(model.errorMessage ?? model.passwordError ?? model.confirmationError ?? UserFacingText.serverError)
            guard model.phase == .ready, askPasswords(model) else { return false }
        }
    }

    @MainActor
    private static func askPasswords(_ model: ResetPasswordModel) -> Bool {
        ask(Copy.newPasswordLabel, into: \.newPassword, field: .password, model)
            && ask(Copy.confirmPasswordLabel, into: \.confirmation, field: .confirmation, model)
    }

    /// A password field: asked (hidden) until it passes validation on "blur".
    @MainActor
    private static func ask(
        _ label: String, into keyPath: ReferenceWritableKeyPath<ResetPasswordModel, String>, field: ResetPasswordModel.Field,
        _ model: ResetPasswordModel
    ) -> Bool {
        while true {
            guard let answer = Terminal.askSecret(label) else { return false }
            model[keyPath: keyPath] = answer
            model.didBlur(field)
            let error = field == .password ? model.passwordError : model.confirmationError
            guard let error else { return true }
            Terminal.failure(error)
        }
    }
}
