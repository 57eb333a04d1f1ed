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

// Layout and appearance modifiers, as https://developer.apple.com/documentation/swiftui/view
// declares them.
extension View {
    public func font(_ font: Font?) -> some View { self }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    public func foregroundColor(_ color: Color?) -> some View { self }
    public func tint(_ tint: Color?) -> some View { self }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { self }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { self }
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
    public func padding(_ length: CGFloat) -> some View { self }
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View { self }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { self }
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { self }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View { self }
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View { self }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { self }
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0)
        -> some View
    { self }
    public func opacity(_ opacity: Double) -> some View { self }
    public func disabled(_ disabled: Bool) -> some View { self }
    public func lineLimit(_ number: Int?) -> some View { self }
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { self }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { self }
    public func fixedSize() -> some View { self }
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { self }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { self }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { self }
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View { self }
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { self }
    public func tag<V: Hashable>(_ tag: V) -> some View { self }
    public func id<ID: Hashable>(_ id: ID) -> some View { self }
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { self }
}

// https://developer.apple.com/documentation/swiftui/textalignment
public enum TextAlignment: Hashable, CaseIterable, Sendable { case leading, center, trailing }

// Events and the life of a view.
extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @isolated(any) @Sendable () async -> Void)
        -> some View
    { self }
    @available(iOS, introduced: 14.0, deprecated: 17.0)
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View { self }
    @available(iOS 17.0, macOS 14.0, *)
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void)
        -> some View
    { self }
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        self
    }
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View { self }
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T)
        -> some View
    { self }
    @available(iOS 16.0, macOS 13.0, *)
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View { self }
}

// https://developer.apple.com/documentation/swiftui/scrolldismisseskeyboardmode
@available(iOS 16.0, macOS 13.0, *)
public struct ScrollDismissesKeyboardMode: Sendable {
    public static let automatic = ScrollDismissesKeyboardMode()
    public static let immediately = ScrollDismissesKeyboardMode()
    public static let interactively = ScrollDismissesKeyboardMode()
    public static let never = ScrollDismissesKeyboardMode()
}
