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

/// The series the console's overview charts, and which audit actions count towards each
///. The chart's words live with the page (`Web/Console/`); this is the domain's part.
enum ActivitySeries: String, CaseIterable, Sendable {
    case signIns
    case failedSignIns
    case recoveryRequests
    case emailsSent
    /// A bounce and a dead letter are both "the email did not arrive".
    case emailsFailed

    var actions: [AuditAction] {
        switch self {
        case .signIns: [.login]
        case .failedSignIns: [.loginFailed]
        case .recoveryRequests: [.recoveryRequested]
        case .emailsSent: [.emailSent]
        case .emailsFailed: [.emailBounced, .emailDead]
        }
    }

    /// The series an audit action counts towards, if any.
    init?(action: String) {
        guard let found = Self.allCases.first(where: { $0.actions.contains { $0.rawValue == action } }) else { return nil }
        self = found
    }
}
