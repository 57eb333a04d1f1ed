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

@_exported import Foundation

// https://developer.apple.com/documentation/accessibility/accessibilitynotification
@available(iOS 17.0, macOS 14.0, *)
public enum AccessibilityNotification {
    // https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
    public struct Announcement {
        public init(_ announcement: String) {}
        public func post() {}
    }
}
