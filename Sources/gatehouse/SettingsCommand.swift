import ArgumentParser
import GatehouseServer

/// `gatehouse settings`: every `GATEHOUSE_*` setting with its default, values and meaning, from
/// the one list the server reads (`ServerSettings`). `--markdown` prints the README's table;
/// `--readme` the same with its marker lines, ready to replace the README's section.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Print every setting: name, default, values and meaning."
    )

    @Flag(help: "Print the README's Markdown table.") var markdown = false
    @Flag(help: "Print the Markdown table between the README's marker comments.") var readme = false

    func run() throws {
        if readme {
            print(SettingsTable.readmeSection(), terminator: "")
        } else if markdown {
            print(SettingsTable.markdown(), terminator: "")
        } else {
            print(SettingsTable.plainText(), terminator: "")
        }
    }
}
