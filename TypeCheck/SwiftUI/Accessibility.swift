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

// https://developer.apple.com/documentation/swiftui/view-accessibility
extension View {
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void) -> some View {
        self
    }
}

public struct AccessibilityAttachmentModifier: ViewModifier {
    public func body(content: Content) -> Never { fatalError() }
}

public struct AccessibilityTraits: SetAlgebra, Sendable {
    public init() {}
    public static let isButton = AccessibilityTraits()
    public static let isHeader = AccessibilityTraits()
    public static let isSelected = AccessibilityTraits()
    public static let isStaticText = AccessibilityTraits()
    public static let isToggle = AccessibilityTraits()

    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { self }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { self }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { self }
    public func contains(_ member: AccessibilityTraits) -> Bool { true }
    public mutating func insert(_ newMember: AccessibilityTraits) -> (inserted: Bool, memberAfterInsert: AccessibilityTraits) {
        (true, newMember)
    }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? { nil }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? { nil }
    public mutating func formUnion(_ other: AccessibilityTraits) {}
    public mutating func formIntersection(_ other: AccessibilityTraits) {}
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) {}
    public static func == (lhs: AccessibilityTraits, rhs: AccessibilityTraits) -> Bool { true }
}

public struct AccessibilityChildBehavior: Hashable, Sendable {
    public static let ignore = AccessibilityChildBehavior()
    public static let contain = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
}

public struct AccessibilityActionKind: Equatable, Sendable {
    public static let `default` = AccessibilityActionKind()
}
