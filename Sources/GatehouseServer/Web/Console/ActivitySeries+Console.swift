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

/// How the console names and draws each activity series, and where its entries are listed.
extension ActivitySeries {
    var heading: String {
        switch self {
        case .signIns: "Sign-ins"
        case .failedSignIns: "Failed sign-ins"
        case .recoveryRequests: "Recovery requests"
        case .emailsSent: "Emails sent"
        case .emailsFailed: "Emails failed"
        }
    }

    var singular: String {
        switch self {
        case .signIns: "sign-in"
        case .failedSignIns: "failed sign-in"
        case .recoveryRequests: "recovery request"
        case .emailsSent: "email sent"
        case .emailsFailed: "email failed"
        }
    }

    var plural: String {
        switch self {
        case .signIns: "sign-ins"
        case .failedSignIns: "failed sign-ins"
        case .recoveryRequests: "recovery requests"
        case .emailsSent: "emails sent"
        case .emailsFailed: "emails failed"
        }
    }

    /// Each at least 4.5:1 against the white card, and told apart by the heading too, never by
    /// colour alone.
    var colour: String {
        switch self {
        case .signIns: "#1d4ed8"
        case .failedSignIns: "#b91c1c"
        case .recoveryRequests: "#6d28d9"
        case .emailsSent: "#15803d"
        case .emailsFailed: "#b45309"
        }
    }

    /// The console page listing this series' entries: the events page filtered by action; for
    /// failed mail, the outbox with each dead job's last error (the events page filters by one
    /// action, and this series is two).
    var link: String {
        switch self {
        case .emailsFailed: "/admin/mail/outbox?state=dead"
        default: "/admin/events?action=" + actions[0].rawValue
        }
    }

    /// The element ids' stem: `sign-ins`, `failed-sign-ins`, ….
    var slug: String {
        heading.lowercased().split(separator: " ").joined(separator: "-")
    }
}
