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
    #if canImport(Accessibility)
        import Accessibility
    #endif
    #if canImport(UIKit)
        import UIKit
    #endif
    import GatehouseFeatures
    import SwiftUI

    /// Forwards a model's `UserSignals` to the system: a haptic for success, warning or error, and
    /// a VoiceOver announcement (Story 1.4). Views do nothing else with them. iOS 17 has SwiftUI's
    /// `sensoryFeedback` and `AccessibilityNotification`; below it, UIKit's feedback generator and
    /// `UIAccessibility.post` do the same.
    struct SignalsModifier: ViewModifier {
        let signals: UserSignals

        func body(content: Content) -> some View {
            if #available(iOS 17.0, macOS 14.0, *) {
                content
                    .sensoryFeedback(trigger: signals.feedback) { _, new in
                        switch new?.kind {
                        case .success: .success
                        case .warning: .warning
                        case .error: .error
                        case nil: nil
                        }
                    }
                    .onChange(of: signals.announcement) { _, new in
                        if let new { AccessibilityNotification.Announcement(new.text).post() }
                    }
            } else {
                content
                    .onChange(of: signals.feedback) { new in LegacySignals.play(new?.kind) }
                    .onChange(of: signals.announcement) { new in
                        if let new { LegacySignals.announce(new.text) }
                    }
            }
        }
    }

    /// The signals through UIKit, for iOS 15 and 16.
    enum LegacySignals {
        @MainActor
        static func play(_ kind: UserSignals.FeedbackKind?) {
            #if os(iOS)
                guard let kind else { return }
                let generator = UINotificationFeedbackGenerator()
                switch kind {
                case .success: generator.notificationOccurred(.success)
                case .warning: generator.notificationOccurred(.warning)
                case .error: generator.notificationOccurred(.error)
                }
            #endif
        }

        @MainActor
        static func announce(_ text: String) {
            #if canImport(UIKit)
                UIAccessibility.post(notification: .announcement, argument: text)
            #endif
        }
    }

    extension View {
        /// Plays the model's haptics and posts its announcements.
        func forwarding(_ signals: UserSignals) -> some View {
            modifier(SignalsModifier(signals: signals))
        }
    }
#endif
