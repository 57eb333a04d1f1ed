import ArgumentParser
import Foundation
import GatehouseServer

/// `gatehouse config`: the settings this process would run with, each with its value and where
/// it came from (environment or default), secrets masked. The configuration is read first, so a
/// bad value fails here as it would at start-up.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Print the effective settings and where each comes from (secrets masked)."
    )

    @Flag(help: "Print JSON: [{name, value, source, secret}].") var json = false

    func run() async throws {
        _ = try loadConfiguration()
        let settings = EffectiveSetting.all()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(settings), as: UTF8.self))
            return
        }
        let nameWidth = settings.map(\.name.count).max() ?? 0
        let valueWidth = min(48, settings.map(\.value.count).max() ?? 0)
        for setting in settings {
            let name = setting.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let value =
                setting.value.count < valueWidth ? setting.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0) : setting.value
            print("\(name)  \(value)  (\(setting.source.rawValue))")
        }
    }
}
