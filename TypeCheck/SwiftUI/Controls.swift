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

// https://developer.apple.com/documentation/swiftui/button
public struct Button<Label: View>: View {
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {}
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) {}
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {}
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {}
}

// https://developer.apple.com/documentation/swiftui/buttonrole
public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
}

// https://developer.apple.com/documentation/swiftui/toggle
public struct Toggle<Label: View>: View {
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

extension Toggle where Label == Text {
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
}

// https://developer.apple.com/documentation/swiftui/textfield
public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}

extension TextField where Label == Text {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}

// https://developer.apple.com/documentation/swiftui/securefield
public struct SecureField<Label: View>: View {
    public var body: Never { fatalError() }
}

extension SecureField where Label == Text {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}

// https://developer.apple.com/documentation/swiftui/progressview
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    public var body: Never { fatalError() }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() {}
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init<S: StringProtocol>(_ title: S) {}
    public init(_ titleKey: LocalizedStringKey) {}
}

// https://developer.apple.com/documentation/swiftui/picker
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

extension Picker where Label == Text {
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
}

// https://developer.apple.com/documentation/swiftui/togglestyle
public protocol ToggleStyle {}
public struct SwitchToggleStyle: ToggleStyle {
    public init() {}
}
public struct DefaultToggleStyle: ToggleStyle {
    public init() {}
}
extension ToggleStyle where Self == SwitchToggleStyle {
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}
extension ToggleStyle where Self == DefaultToggleStyle {
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle
public protocol PrimitiveButtonStyle {}
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
}
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
}
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

// https://developer.apple.com/documentation/swiftui/pickerstyle
public protocol PickerStyle {}
public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
}
extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}
