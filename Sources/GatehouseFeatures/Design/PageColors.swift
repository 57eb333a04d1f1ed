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

import Foundation

/// The pages' colours (spec 002 §6's design system) in the light and the dark appearance, as
/// sRGB values: GatehouseUI draws with them, and tests check their contrast (spec 002: WCAG AA,
/// 4.5:1 for text) without a screen.
public enum PageColor: CaseIterable, Sendable {
    case card, text, secondaryText, label, placeholder, border, link
    case danger, dangerText, dangerBackground, dangerBorder
    case warningText, warningBackground, warningBorder
    case success, successBackground
    case buttonText, buttonStart, buttonEnd
    case pageStart, pageEnd

    /// The text drawn on each background: every pair must reach 4.5:1 in both appearances.
    public static let textPairs: [(text: PageColor, background: PageColor)] = [
        (.text, .card), (.secondaryText, .card), (.label, .card), (.link, .card), (.danger, .card),
        (.dangerText, .dangerBackground), (.warningText, .warningBackground), (.text, .successBackground),
        (.secondaryText, .successBackground), (.buttonText, .buttonStart), (.buttonText, .buttonEnd),
    ]

    public func value(in appearance: Appearance) -> SRGB {
        switch appearance {
        case .light: light
        case .dark: dark
        }
    }

    private var light: SRGB {
        switch self {
        case .card: SRGB(0xFFFFFF)
        case .text: SRGB(0x000000)
        case .secondaryText: SRGB(0x475569)
        case .label: SRGB(0x374151)
        case .placeholder: SRGB(0xA0AEC0)
        case .border: SRGB(0xCBD5E1)
        case .link: SRGB(0x2563EB)
        case .danger: SRGB(0xDC2626)
        // Red-700: spec 002's red-600 reaches only 3.95:1 on the error box's red-100.
        case .dangerText: SRGB(0xB91C1C)
        case .dangerBackground: SRGB(0xFEE2E2)
        case .dangerBorder: SRGB(0xFECACA)
        case .warningText: SRGB(0x92400E)
        case .warningBackground: SRGB(0xFFFBEB)
        case .warningBorder: SRGB(0xFEE3A8)
        case .success: SRGB(0x059669)
        case .successBackground: SRGB(0xD1FAE5)
        case .buttonText: SRGB(0xFFFFFF)
        case .buttonStart: SRGB(0x0066FF)
        case .buttonEnd: SRGB(0x0052CC)
        case .pageStart: SRGB(0x059669)
        case .pageEnd: SRGB(0x047857)
        }
    }

    /// Dark Mode: a slate card, light text, and the specs' hues lightened (Tailwind's 200-400)
    /// or darkened (900-950) so every text keeps 4.5:1.
    private var dark: SRGB {
        switch self {
        case .card: SRGB(0x1E293B)
        case .text: SRGB(0xF1F5F9)
        case .secondaryText: SRGB(0xCBD5E1)
        case .label: SRGB(0xE2E8F0)
        case .placeholder: SRGB(0x94A3B8)
        case .border: SRGB(0x64748B)
        case .link: SRGB(0x93C5FD)
        case .danger, .dangerText: SRGB(0xFCA5A5)
        case .dangerBackground: SRGB(0x450A0A)
        case .dangerBorder: SRGB(0x7F1D1D)
        case .warningText: SRGB(0xFDE68A)
        case .warningBackground: SRGB(0x451A03)
        case .warningBorder: SRGB(0x92400E)
        case .success: SRGB(0x34D399)
        case .successBackground: SRGB(0x064E3B)
        case .pageStart: SRGB(0x064E3B)
        case .pageEnd: SRGB(0x022C22)
        case .buttonText, .buttonStart, .buttonEnd: light
        }
    }
}

/// Light or dark, as the device is set.
public enum Appearance: CaseIterable, Sendable {
    case light, dark
}

/// An opaque sRGB colour.
public struct SRGB: Equatable, Sendable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    /// From `0xRRGGBB`.
    public init(_ hex: UInt32) {
        red = UInt8((hex >> 16) & 0xFF)
        green = UInt8((hex >> 8) & 0xFF)
        blue = UInt8(hex & 0xFF)
    }

    /// WCAG 2's relative luminance.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055).power(2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio, from 1 (none) to 21 (black on white).
    public func contrast(with other: SRGB) -> Double {
        let (lighter, darker) = relativeLuminance >= other.relativeLuminance ? (self, other) : (other, self)
        return (lighter.relativeLuminance + 0.05) / (darker.relativeLuminance + 0.05)
    }
}

extension Double {
    fileprivate func power(_ exponent: Double) -> Double {
        Foundation.pow(self, exponent)
    }
}
