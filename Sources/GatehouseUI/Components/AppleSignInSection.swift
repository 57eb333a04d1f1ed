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

#if canImport(SwiftUI)
    #if canImport(AuthenticationServices)
        import AuthenticationServices
    #endif
    import GatehouseClient
    import GatehouseFeatures
    import SwiftUI

    /// Sign in with Apple on the login and sign-up pages, placed as Apple's Human Interface
    /// Guidelines ask: under the page's own sign-in, after an "or" divider, Apple's own button
    /// (its label and logo untouched) as wide and as tall as the primary button (48 pt), black on
    /// the light card and white on the dark one; under it, why the last try failed. Closing
    /// Apple's sheet says nothing. Navigation is the host's: it watches `model.destination`.
    struct AppleSignInSection: View {
        @ObservedObject var model: SignInWithAppleModel
        let purpose: Purpose
        /// The page's "Remember me", read when the button is tapped.
        let rememberMe: Bool
        /// While the page's own request runs.
        let isDisabled: Bool
        @Environment(\.colorScheme) private var colorScheme

        enum Purpose { case signIn, signUp }

        var body: some View {
            VStack(spacing: 12) {
                LabelledDivider(text: FederatedSignInText.separator)
                button
                    .disabled(isDisabled || model.isButtonDisabled)
                    .opacity(isDisabled || model.isButtonDisabled ? 0.5 : 1)
                if model.phase == .inProgress {
                    ProgressView().accessibilityLabel(FederatedSignInText.signingIn)
                }
                if let message = model.errorMessage {
                    Text(message).font(.subheadline).foregroundStyle(Palette.dangerText)
                }
            }
            .forwarding(model.signals)
            // Leaving the page ends the request; a session that lands afterwards is ended.
            .onDisappear { model.cancel() }
        }

        @ViewBuilder private var button: some View {
            #if canImport(AuthenticationServices)
                SignInWithAppleButton(
                    purpose == .signUp ? .signUp : .signIn,
                    onRequest: { request in
                        model.rememberMe = rememberMe
                        model.prepare(request)
                    },
                    onCompletion: { result in
                        let outcome = SignInWithAppleModel.outcome(of: result)
                        Task { await model.complete(with: outcome) }
                    }
                )
                .signInWithAppleButtonStyle(colorScheme == .dark ? .white : .black)
                .frame(maxWidth: .infinity, minHeight: 48, maxHeight: 48)
            #endif
        }
    }
#endif
