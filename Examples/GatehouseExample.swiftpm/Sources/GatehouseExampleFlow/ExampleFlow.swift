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
import GatehouseClient
import GatehouseFeatures

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The example app's navigation: Login → Forgot password → Reset (from the emailed link) → the
/// signed-in screen, and sign-up, for the chosen backend. Each page's model says where to go
/// (`destination`); the flow follows it and makes the next page's model. Views only show
/// `screen`, so the whole navigation runs (and is tested) without SwiftUI.
@MainActor
public final class ExampleFlow: ObservableObject {
    public enum Screen: Equatable, Sendable {
        case login, forgotPassword, signUp, resetPassword, signedIn
    }

    @Published public private(set) var screen: Screen = .login
    @Published public private(set) var configuration: ExampleConfiguration
    @Published public private(set) var login: LoginModel
    @Published public private(set) var forgotPassword: ForgotPasswordModel?
    @Published public private(set) var signUp: SignUpModel?
    @Published public private(set) var resetPassword: ResetPasswordModel?
    /// "Sign in with Apple" on the login and sign-up pages (one model for both, so a name Apple
    /// gave is kept while the person moves between them).
    @Published public private(set) var appleSignIn: SignInWithAppleModel
    /// Who is signed in, on the signed-in screen.
    @Published public private(set) var signedInEmail: String?
    public private(set) var services: ExampleServices

    private let makeServices: (ExampleConfiguration) -> ExampleServices
    private let makeLogin: (ExampleServices) -> LoginModel
    private let makeAppleSignIn: (ExampleServices) -> SignInWithAppleModel
    private var watching: [AnyCancellable] = []

    /// - Parameters:
    ///   - makeServices: the clients for a configuration (tests pass in-memory storage).
    ///   - makeLogin: the login page's model (tests pass a manual clock; an app its passkeys).
    ///   - makeAppleSignIn: Sign in with Apple's model.
    public init(
        configuration: ExampleConfiguration, makeServices: @escaping (ExampleConfiguration) -> ExampleServices,
        makeLogin: @escaping (ExampleServices) -> LoginModel = { LoginModel(auth: $0.auth) },
        makeAppleSignIn: @escaping (ExampleServices) -> SignInWithAppleModel = { SignInWithAppleModel(auth: $0.auth) }
    ) {
        self.configuration = configuration
        self.makeServices = makeServices
        self.makeLogin = makeLogin
        self.makeAppleSignIn = makeAppleSignIn
        let services = makeServices(configuration)
        self.services = services
        login = makeLogin(services)
        appleSignIn = makeAppleSignIn(services)
        watchLogin()
    }

    /// At launch: a remembered session opens the signed-in screen.
    public func start() async {
        if let session = await services.auth.restoreSession() { showSignedIn(session.user.email) }
    }

    /// The backend switch: new clients, back to an empty login page.
    public func select(_ backend: ExampleBackend) {
        guard backend != configuration.backend else { return }
        configuration.backend = backend
        services = makeServices(configuration)
        showLogin()
    }

    /// A URL the system opened the app with (`onOpenURL`): the reset link from the email.
    /// Returns whether the app took it; other URLs are left alone.
    @discardableResult
    public func open(_ url: URL) -> Bool {
        guard services.auth.acceptsLink(url) else { return false }
        let model = ResetPasswordModel(auth: services.auth, source: .link(url))
        resetPassword = model
        watch(model.$destination) { [weak self] in self?.follow($0) }
        screen = .resetPassword
        return true
    }

    public func signOut() async {
        try? await services.auth.signOut(scope: .local)
        showLogin()
    }

    // MARK: Following the pages

    private func follow(_ destination: LoginModel.Destination) {
        switch destination {
        case .dashboard: showSignedIn(login.signedInUser?.email)
        case .forgotPassword(let prefill):
            let model = ForgotPasswordModel(service: services.reset, prefillEmail: prefill)
            forgotPassword = model
            watch(model.$destination) { [weak self] _ in self?.showLogin() }
            screen = .forgotPassword
        case .signUp:
            let model = SignUpModel(auth: services.auth, redirectTo: configuration.redirectURL)
            signUp = model
            watch(model.$destination) { [weak self] in self?.follow($0) }
            screen = .signUp
        case .welcome: showLogin()
        }
    }

    private func follow(_ destination: SignUpModel.Destination) {
        switch destination {
        case .dashboard: showSignedIn(signUp?.signedInUser?.email)
        case .login: showLogin()
        }
    }

    private func follow(_ destination: ResetPasswordModel.Destination) {
        switch destination {
        case .login: showLogin()
        case .forgotPassword: follow(LoginModel.Destination.forgotPassword(prefill: resetPassword?.accountEmail ?? ""))
        case .back:
            if let email = signedInEmail { showSignedIn(email) } else { showLogin() }
        }
    }

    private func showSignedIn(_ email: String?) {
        signedInEmail = email
        screen = .signedIn
    }

    /// A fresh login page: the previous pages and their models go.
    private func showLogin() {
        forgotPassword = nil
        signUp = nil
        resetPassword = nil
        if screen == .signedIn || screen == .login { signedInEmail = nil }
        login = makeLogin(services)
        appleSignIn = makeAppleSignIn(services)
        watching.removeAll()
        watchLogin()
        screen = .login
    }

    private func watchLogin() {
        watch(login.$destination) { [weak self] in self?.follow($0) }
        watch(appleSignIn.$destination) { [weak self] _ in self?.showSignedIn(self?.appleSignIn.signedInUser?.email) }
    }

    /// Follows a page's `destination` as it is set (nil, the page's own "navigated", is skipped).
    private func watch<Destination>(_ publisher: Published<Destination?>.Publisher, _ action: @escaping (Destination) -> Void) {
        publisher.compactMap { $0 }.sink { destination in action(destination) }.store(in: &watching)
    }
}
