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
    #if canImport(UIKit)
        import UIKit
    #endif
    import GatehouseFeatures
    import SwiftUI

    /// The specs' colours (spec 002 §6 design system), each with its Dark Mode counterpart
    /// (GatehouseFeatures' `PageColor`, whose text pairs are checked for WCAG AA contrast).
    enum Palette {
        static let card = adaptive(.card)
        static let text = adaptive(.text)
        static let primaryStart = adaptive(.buttonStart)
        static let primaryEnd = adaptive(.buttonEnd)
        static let buttonText = adaptive(.buttonText)
        static let link = adaptive(.link)
        static let secondaryText = adaptive(.secondaryText)
        static let label = adaptive(.label)
        static let placeholder = adaptive(.placeholder)
        static let border = adaptive(.border)
        static let danger = adaptive(.danger)
        static let dangerText = adaptive(.dangerText)
        static let dangerBackground = adaptive(.dangerBackground)
        static let dangerBorder = adaptive(.dangerBorder)
        static let warningText = adaptive(.warningText)
        static let warningBackground = adaptive(.warningBackground)
        static let warningBorder = adaptive(.warningBorder)
        static let success = adaptive(.success)
        static let successBackground = adaptive(.successBackground)
        static let pageStart = adaptive(.pageStart)
        static let pageEnd = adaptive(.pageEnd)

        /// A colour that follows the device's appearance.
        static func adaptive(_ role: PageColor) -> Color {
            #if canImport(UIKit)
                let light = uiColor(role.value(in: .light))
                let dark = uiColor(role.value(in: .dark))
                return Color(UIColor { traits in traits.userInterfaceStyle == .dark ? dark : light })
            #else
                let value = role.value(in: .light)
                return Color(red: Double(value.red) / 255, green: Double(value.green) / 255, blue: Double(value.blue) / 255)
            #endif
        }

        #if canImport(UIKit)
            private static func uiColor(_ value: SRGB) -> UIColor {
                UIColor(red: CGFloat(value.red) / 255, green: CGFloat(value.green) / 255, blue: CGFloat(value.blue) / 255, alpha: 1)
            }
        #endif
    }

    /// The emerald page with the white card all three pages sit on.
    struct PageCard<Content: View>: View {
        @ViewBuilder let content: () -> Content

        var body: some View {
            ScrollView {
                VStack(alignment: .leading, spacing: 24, content: content)
                    .foregroundStyle(Palette.text)
                    .padding(32)
                    .background(Palette.card, in: RoundedRectangle(cornerRadius: 16))
                    .shadow(radius: 8)
                    .padding(.horizontal, 24)
                    .padding(.vertical, 48)
            }
            .dismissingKeyboardOnScroll()
            .background(HeroArtwork())
        }
    }

    /// A text link with a 44pt tap area.
    struct TextLink: View {
        let title: String
        var label: String?
        var hint: String?
        var color = Palette.link
        let action: () -> Void

        var body: some View {
            Button(title, action: action)
                .font(.subheadline)
                .foregroundStyle(color)
                .frame(minHeight: 44)
                .contentShape(Rectangle())
                .accessibilityLabel(label ?? title)
                .accessibilityHint(hint ?? "")
        }
    }
#endif
