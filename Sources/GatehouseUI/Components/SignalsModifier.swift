#if canImport(SwiftUI)
    #if canImport(Accessibility)
        import Accessibility
    #endif
    import GatehouseFeatures
    import SwiftUI

    /// Forwards a model's `UserSignals` to the system: a haptic for success, warning or error, and
    /// a VoiceOver announcement (Story 1.4). Views do nothing else with them.
    struct SignalsModifier: ViewModifier {
        let signals: UserSignals

        func body(content: Content) -> some View {
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
        }
    }

    extension View {
        /// Plays the model's haptics and posts its announcements.
        func forwarding(_ signals: UserSignals) -> some View {
            modifier(SignalsModifier(signals: signals))
        }
    }
#endif
