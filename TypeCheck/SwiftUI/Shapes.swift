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

// https://developer.apple.com/documentation/swiftui/shape
public protocol Shape: Sendable, View {
    nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: Never { fatalError() }
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View { self }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View { self }
}

public struct FillStyle: Equatable, Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

public enum RoundedCornerStyle: Sendable { case circular, continuous }

public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct RoundedRectangle: Shape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct Circle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct Capsule: Shape {
    public init(style: RoundedCornerStyle = .continuous) {}
    public func path(in rect: CGRect) -> Path { Path() }
}

// https://developer.apple.com/documentation/swiftui/path (the transform parameters, defaulted,
// are left out: nothing here passes one)
public struct Path: Equatable, Sendable {
    public init() {}
    public mutating func move(to end: CGPoint) {}
    public mutating func addLine(to end: CGPoint) {}
    public mutating func addRect(_ rect: CGRect) {}
    public mutating func addEllipse(in rect: CGRect) {}
}
