import ArgumentParser
import GatehouseServer

/// `gatehouse migrate`: applies pending schema migrations and exits.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply database migrations and exit.")

    func run() async throws {
        let configuration = try loadConfiguration()
        try await GatehouseAdministration.migrate(configuration: configuration)
        print("migrations applied")
    }
}
