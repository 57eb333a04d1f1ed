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

/// The console's Mustache templates (`Resources/templates/console_*.mustache`, compiled into the
/// binary like the pages'). A console page's template is registered here with one line; its
/// stylesheet is `Resources/assets/console.css`, served by `/assets/` (`WebResources.assets`).
enum ConsoleResources {
    static let templates: [String: [UInt8]] = [
        "console_layout": PackageResources.console_layout_mustache,
        "console_message": PackageResources.console_message_mustache,
        "console_login": PackageResources.console_login_mustache,
        "console_factor": PackageResources.console_factor_mustache,
        "console_events": PackageResources.console_events_mustache,
        "console_mail": PackageResources.console_mail_mustache,
        "console_mail_retry": PackageResources.console_mail_retry_mustache,
        "console_mail_test": PackageResources.console_mail_test_mustache,
    ]
}
