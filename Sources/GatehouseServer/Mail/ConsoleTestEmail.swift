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

import Mustache

/// The console's test email: plain words saying who asked for it and that nothing needs doing.
/// It carries no link or code, so it proves the transport works without minting anything.
struct ConsoleTestEmail: Sendable {
    static let subject = "Test email from the {{{product}}} admin console"

    private static let text = """
        This is a test email from the {{{product}}} admin console.

        An operator sent it to {{{email}}} to check that email delivery works. There is nothing to do.
        """

    private static let html =
        EmailTemplates.htmlHead + """
            <p>This is a test email from the {{product}} admin console.</p>
            <p style="color:#475569">An operator sent it to <strong>{{email}}</strong> to check that email delivery works. There is nothing to do.</p>
            """ + EmailTemplates.htmlFoot

    static func render(productName: String, email: String) -> EmailTemplates.Rendered {
        let values = ["product": productName, "email": email]
        func render(_ source: String) -> String {
            (try? MustacheTemplate(string: TemplateEscaping.source(source)))?.render(values) ?? ""
        }
        return EmailTemplates.Rendered(subject: render(subject), text: render(text), html: render(html))
    }
}
