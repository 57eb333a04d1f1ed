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

// https://developer.apple.com/documentation/swiftui/font
public struct Font: Hashable, Sendable {
    public static let largeTitle = Font()
    public static let title = Font()
    public static let title2 = Font()
    public static let title3 = Font()
    public static let headline = Font()
    public static let subheadline = Font()
    public static let body = Font()
    public static let callout = Font()
    public static let footnote = Font()
    public static let caption = Font()

    public static func system(size: CGFloat, weight: Font.Weight = .regular, design: Font.Design = .default) -> Font { Font() }
    public static func system(_ style: Font.TextStyle, design: Font.Design = .default) -> Font { Font() }
    public func weight(_ weight: Font.Weight) -> Font { self }
    public func bold() -> Font { self }

    public struct Weight: Hashable, Sendable {
        public static let regular = Weight()
        public static let medium = Weight()
        public static let semibold = Weight()
        public static let bold = Weight()
    }

    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
}
