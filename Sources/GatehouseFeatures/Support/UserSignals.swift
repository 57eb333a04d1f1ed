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

/// What a page tells people besides its layout: a haptic (success, warning or error) and a
/// VoiceOver announcement. Each is a new value every time (an increasing id), so views can
/// forward it with `.sensoryFeedback(_:trigger:)` / `onChange` and post the announcement.
public struct UserSignals: Equatable, Sendable {
    public enum FeedbackKind: String, Sendable {
        case success, warning, error
    }

    public struct Feedback: Equatable, Sendable {
        public let kind: FeedbackKind
        public let id: Int
    }

    public struct Announcement: Equatable, Sendable {
        public let text: String
        public let id: Int
    }

    public private(set) var feedback: Feedback?
    public private(set) var announcement: Announcement?
    private var counter = 0

    public init() {}

    /// `text` read out, with no haptic: an error found when a field loses focus.
    mutating func announce(_ text: String) {
        counter += 1
        announcement = Announcement(text: text, id: counter)
    }

    /// A haptic of `kind`, and `text` read out when given.
    mutating func signal(_ kind: FeedbackKind, announcing text: String? = nil) {
        counter += 1
        feedback = Feedback(kind: kind, id: counter)
        if let text { announcement = Announcement(text: text, id: counter) }
    }
}
