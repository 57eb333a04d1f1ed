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

// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

// https://developer.apple.com/documentation/swiftui/color
public struct Color: Hashable, CustomStringConvertible, Sendable, ShapeStyle {
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {}
    public init(uiColor: UIColor) {}
    public init(_ color: UIColor) {}
    public func opacity(_ opacity: Double) -> Color { self }
    public var description: String { "" }

    public static let white = Color(white: 1)
    public static let black = Color(white: 0)
    public static let clear = Color(white: 0, opacity: 0)
    public static let primary = Color(white: 0)
    public static let secondary = Color(white: 0.5)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
}

extension Color: View {
    public var body: Never { fatalError() }
}

extension ShapeStyle where Self == Color {
    public static var white: Color { Color.white }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
    public static var red: Color { Color.red }
    public static var green: Color { Color.green }
    public static var blue: Color { Color.blue }
}

// https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary = HierarchicalShapeStyle()
    public static let secondary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle.primary }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
}

// https://developer.apple.com/documentation/swiftui/lineargradient
public struct LinearGradient: ShapeStyle {
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
}

extension LinearGradient: View {
    public var body: Never { fatalError() }
}
