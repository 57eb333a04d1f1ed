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

import Hummingbird

/// `GET /admin`, the console's first page: current totals, the last 24 hours, and a chart per
/// activity series for the last seven days. One service call; the body is rendered
/// by `ConsoleOverviewBody`, charts and all, on the server: nothing needs a script.
struct ConsoleOverviewPage {
    let console: ConsoleContext
    let overview: OverviewService

    init(console: ConsoleContext) {
        self.console = console
        overview = OverviewService(console.service.environment)
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ console: ConsoleOperator, _ exchange: inout WebExchange)
        async throws -> ConsoleOutcome
    {
        let body = ConsoleOverviewBody(overview: try await overview.overview())
        return .page(ConsolePage(title: "Overview", section: .overview, html: body.html))
    }
}
