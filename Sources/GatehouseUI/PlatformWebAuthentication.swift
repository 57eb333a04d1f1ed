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

#if canImport(SwiftUI) && canImport(AuthenticationServices) && canImport(UIKit)
    import AuthenticationServices
    import GatehouseClient
    import UIKit

    extension PlatformWebAuthenticationSession {
        /// The system's browser sheet shown over the app's key window: what an iOS app passes
        /// to `AuthClient.signInWithOAuth(provider:…, using:)`.
        @MainActor
        public static func overKeyWindow(prefersEphemeralWebBrowserSession: Bool = false) -> PlatformWebAuthenticationSession {
            PlatformWebAuthenticationSession(prefersEphemeralWebBrowserSession: prefersEphemeralWebBrowserSession) {
                let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
                return scenes.flatMap(\.windows).first(where: \.isKeyWindow) ?? ASPresentationAnchor()
            }
        }
    }
#endif
