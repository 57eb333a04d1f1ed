import Hummingbird

/// `GET /admin`: a placeholder until the overview (helper `overview`) replaces this file.
struct ConsoleOverviewPlaceholder {
    let console: ConsoleContext

    func show(_ request: Request, _ context: GatehouseRequestContext, _ console: ConsoleOperator, _ exchange: inout WebExchange)
        -> ConsoleOutcome
    {
        .page(ConsolePage(title: "Overview", section: .overview, template: "console_overview_placeholder"))
    }
}
