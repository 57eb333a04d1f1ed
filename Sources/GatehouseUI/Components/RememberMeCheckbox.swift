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
    import GatehouseCore
    import GatehouseFeatures
    import SwiftUI

    /// "Remember me" as spec 002 draws it: a checkbox with its label, the whole row a 44 pt tap
    /// area, read by VoiceOver as "Remember me, checkbox" with its state (a Toggle reads
    /// "switch button").
    struct RememberMeCheckbox: View {
        @Binding var isOn: Bool

        var body: some View {
            Button {
                isOn.toggle()
            } label: {
                HStack(spacing: 8) {
                    Image(systemName: isOn ? "checkmark.square.fill" : "square")
                        .foregroundStyle(isOn ? Palette.link : Palette.placeholder)
                    Text(UserFacingText.Login.rememberMe)
                        .font(.subheadline)
                        .foregroundStyle(Palette.label)
                }
                .frame(minHeight: 44)
                .contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(UserFacingText.Accessibility.rememberMe)
            .accessibilityValue(isOn ? UserFacingText.Accessibility.checked : UserFacingText.Accessibility.unchecked)
            .accessibilityRemoveTraits(.isButton)
            .accessibilityAction { isOn.toggle() }
        }
    }
#endif
