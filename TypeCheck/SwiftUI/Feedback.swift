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

// https://developer.apple.com/documentation/swiftui/sensoryfeedback
@available(iOS 17.0, macOS 14.0, *)
public struct SensoryFeedback: Equatable, Sendable {
    public static let success = SensoryFeedback()
    public static let warning = SensoryFeedback()
    public static let error = SensoryFeedback()
    public static let selection = SensoryFeedback()
}

extension View {
    @available(iOS 17.0, macOS 14.0, *)
    public func sensoryFeedback<T: Equatable>(trigger: T, _ feedback: @escaping (_ oldValue: T, _ newValue: T) -> SensoryFeedback?)
        -> some View
    { self }
    @available(iOS 17.0, macOS 14.0, *)
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }
}
