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

import Prometheus

/// The `# HELP` text of every metric family the server exports, by name. `DescribedMetricsFactory`
/// gives each family its text when the family is made; a family missing here would be exported
/// without one, and `MetricFamiliesTests` fails.
enum MetricDescriptions {
    static let help: [String: String] = [
        "gatehouse_build_info": "The running build: its version and commit (always 1).",
        "gatehouse_http_requests_total": "Answered HTTP requests by route pattern, method and status class.",
        "gatehouse_http_request_duration_seconds": "Time to answer an HTTP request, by route pattern and method.",
        "gatehouse_sign_ins_total": "Password sign-ins by outcome and, for failures, the error code.",
        "gatehouse_recovery_requests_total": "Accepted requests for an emailed link or code, by kind of email.",
        "gatehouse_redemptions_total": "Emailed links and codes redeemed, by form (link or code).",
        "gatehouse_outbox_deliveries_total": "Outbox delivery attempts by result: sent, retried or dead.",
        "gatehouse_outbox_jobs": "Outbox jobs by state, read from the database at each scrape.",
        "gatehouse_password_hash_duration_seconds": "Time of one bcrypt hash or verify on the hashing pool.",
        "gatehouse_password_breach_lookups_total": "Lookups of the password breach API by outcome.",
        "gatehouse_db_pool_wait_seconds": "Time a unit of work waited for its database connection, by engine and kind.",
        "gatehouse_email_request_commits_total": "Group commits of email requests.",
        "gatehouse_email_request_committed_total": "Email requests carried by the group commits.",
        "process_cpu_seconds_total": "Total user and system CPU time spent in seconds.",
        "process_resident_memory_bytes": "Resident memory size in bytes.",
        "process_virtual_memory_bytes": "Virtual memory size in bytes.",
        "process_open_fds": "Number of open file descriptors.",
        "process_max_fds": "Maximum number of open file descriptors.",
        "process_start_time_seconds": "Start time of the process since unix epoch in seconds.",
    ]

    /// The family's name and help as swift-prometheus takes them (the whole name, no unit part).
    static func descriptor(_ name: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help[name] ?? "")
    }
}
