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

// https://developer.apple.com/documentation/swiftui/text
public struct Text: Equatable, Sendable {
    public init<S: StringProtocol>(_ content: S) {}
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {}
    public init(verbatim content: String) {}

    public func font(_ font: Font?) -> Text { self }
    public func bold() -> Text { self }
    public func fontWeight(_ weight: Font.Weight?) -> Text { self }
    public func foregroundColor(_ color: Color?) -> Text { self }

    public enum TruncationMode: Sendable { case head, middle, tail }
    public static func == (lhs: Text, rhs: Text) -> Bool { true }
}

extension Text: View {
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/localizedstringkey
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
}

// https://developer.apple.com/documentation/swiftui/image
public struct Image: Equatable, Sendable {
    public init(systemName: String) {}
    public init(_ name: String, bundle: Bundle? = nil) {}
    public func resizable() -> Image { self }
    public static func == (lhs: Image, rhs: Image) -> Bool { true }
}

extension Image: View {
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/label
public struct Label<Title: View, Icon: View>: View {
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
    public var body: Never { fatalError() }
}

extension Label where Title == Text, Icon == Image {
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
}
