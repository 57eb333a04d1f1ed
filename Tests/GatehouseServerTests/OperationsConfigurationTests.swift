import Foundation
import Testing
@testable import GatehouseServer

/// Settings for operating the server: HTTP timeouts, session limits, database TLS.
@Suite("Operations settings")
struct OperationsConfigurationTests {
    static func env(_ extra: [String: String] = [:]) -> [String: String] {
        ["GATEHOUSE_JWT_SECRET": String(repeating: "s", count: 32)].merging(extra) { $1 }
    }

    @Test("HTTP timeouts: defaults and values")
    func httpTimeouts() throws {
        let defaults = try ServerConfiguration.fromEnvironment(Self.env()).httpTimeouts
        #expect((defaults.header, defaults.read, defaults.idle) == (10, 30, 60))
        let set = try ServerConfiguration.fromEnvironment(Self.env([
            "GATEHOUSE_HTTP_HEADER_TIMEOUT": "5", "GATEHOUSE_HTTP_READ_TIMEOUT": "20", "GATEHOUSE_HTTP_IDLE_TIMEOUT": "90",
        ])).httpTimeouts
        #expect((set.header, set.read, set.idle) == (5, 20, 90))
    }

    @Test("bad HTTP timeouts stop the start", arguments: [
        ("GATEHOUSE_HTTP_HEADER_TIMEOUT", "0"), ("GATEHOUSE_HTTP_READ_TIMEOUT", "3601"), ("GATEHOUSE_HTTP_IDLE_TIMEOUT", "soon"),
    ])
    func badHTTPTimeouts(name: String, value: String) {
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(Self.env([name: value])) }
    }

    @Test("shutdown timeout: default 10 s, bounded")
    func shutdownTimeout() throws {
        #expect(try ServerConfiguration.fromEnvironment(Self.env()).shutdownTimeout == 10)
        #expect(try ServerConfiguration.fromEnvironment(Self.env(["GATEHOUSE_SHUTDOWN_TIMEOUT": "3"])).shutdownTimeout == 3)
        for bad in ["0", "301", "later"] {
            #expect(throws: ConfigurationError.self) {
                try ServerConfiguration.fromEnvironment(Self.env(["GATEHOUSE_SHUTDOWN_TIMEOUT": bad]))
            }
        }
    }
}
