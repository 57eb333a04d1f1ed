@_exported import Foundation

// https://developer.apple.com/documentation/accessibility/accessibilitynotification
@available(iOS 17.0, macOS 14.0, *)
public enum AccessibilityNotification {
    // https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
    public struct Announcement {
        public init(_ announcement: String) {}
        public func post() {}
    }
}
