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
    import SwiftUI

    extension View {
        /// Calls `action` with the value `value` had before each change: a field's focus that was
        /// just left, for validation on blur. iOS 17's `onChange(of:initial:_:)` passes it; below
        /// 17 the view remembers it.
        func onLeaving<Value: Equatable>(_ value: Value, perform action: @escaping (Value) -> Void) -> some View {
            modifier(LeavingModifier(value: value, action: action))
        }

        /// Scrolling the page hides the keyboard, where the system can (iOS 16 and later).
        func dismissingKeyboardOnScroll() -> some View {
            modifier(KeyboardDismissModifier())
        }
    }

    struct LeavingModifier<Value: Equatable>: ViewModifier {
        let value: Value
        let action: (Value) -> Void
        /// The value seen last, for systems whose `onChange` gives only the new one.
        @State private var seen: Value?

        func body(content: Content) -> some View {
            if #available(iOS 17.0, macOS 14.0, *) {
                content.onChange(of: value) { previous, _ in action(previous) }
            } else {
                content
                    .onAppear { seen = value }
                    .onChange(of: value) { current in
                        let previous = seen
                        seen = current
                        if let previous { action(previous) }
                    }
            }
        }
    }

    struct KeyboardDismissModifier: ViewModifier {
        func body(content: Content) -> some View {
            if #available(iOS 16.0, macOS 13.0, *) {
                content.scrollDismissesKeyboard(.interactively)
            } else {
                content
            }
        }
    }
#endif
