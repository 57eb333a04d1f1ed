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

@_exported import Foundation

// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor
open class UIResponder: NSObject {}

// https://developer.apple.com/documentation/uikit/uiview
@MainActor
open class UIView: UIResponder {}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor
open class UIWindow: UIView {
    open var isKeyWindow: Bool { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uiscene
@MainActor
open class UIScene: UIResponder {}

// https://developer.apple.com/documentation/uikit/uiwindowscene
@MainActor
open class UIWindowScene: UIScene {
    open var windows: [UIWindow] { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor
open class UIApplication: UIResponder {
    open class var shared: UIApplication { fatalError() }
    open var connectedScenes: Set<UIScene> { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uicolor
open class UIColor: NSObject, @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {}
}

// https://developer.apple.com/documentation/uikit/uitraitcollection
open class UITraitCollection: NSObject, @unchecked Sendable {
    open var userInterfaceStyle: UIUserInterfaceStyle { fatalError() }
}

public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

// https://developer.apple.com/documentation/uikit/uikeyboardtype
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation
    // (`URL`, `numberPad`, … left out: nothing uses them)
    case emailAddress = 7
}

// https://developer.apple.com/documentation/uikit/uitextcontenttype
public struct UITextContentType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "new-password")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
}

// https://developer.apple.com/documentation/uikit/uinotificationfeedbackgenerator
@MainActor
open class UINotificationFeedbackGenerator: NSObject {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }
    public override init() {}
    open func prepare() {}
    open func notificationOccurred(_ notificationType: UINotificationFeedbackGenerator.FeedbackType) {}
}

// https://developer.apple.com/documentation/uikit/uiaccessibility
public enum UIAccessibility {
    public struct Notification: Hashable, RawRepresentable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let announcement = Notification(rawValue: 1008)
        public static let layoutChanged = Notification(rawValue: 1001)
        public static let screenChanged = Notification(rawValue: 1000)
    }
    public static func post(notification: UIAccessibility.Notification, argument: Any?) {}
}
