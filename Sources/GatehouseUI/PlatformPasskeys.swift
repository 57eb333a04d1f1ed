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

    @available(iOS 16.0, tvOS 16.0, visionOS 1.0, *)
    extension PlatformPasskeyCeremony {
        /// The platform's passkeys, their sheet shown over the app's key window: what an iOS app
        /// passes as `LoginModel(…, passkeyCeremony:)`. The RP id must be one of the app's
        /// associated domains (`webcredentials:<GATEHOUSE_WEBAUTHN_RP_ID>`).
        @MainActor
        public static func overKeyWindow(preferImmediatelyAvailableCredentials: Bool = false) -> PlatformPasskeyCeremony {
            PlatformPasskeyCeremony(preferImmediatelyAvailableCredentials: preferImmediatelyAvailableCredentials) {
                let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
                return scenes.flatMap(\.windows).first(where: \.isKeyWindow) ?? ASPresentationAnchor()
            }
        }
    }
#endif
