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

/// The audit log.
extension ServerSettings {
    static let audit: [any SettingDescription] = [auditRetention]

    static let auditRetention = Setting<Int>.duration(
        "GATEHOUSE_AUDIT_RETENTION", default: 90 * 86_400, shown: "`90d`",
        help: "how long audit log entries are kept before the hourly retention job deletes them (`0` = forever)"
    )
}
