import Foundation
import GatehouseClient
import GatehouseTestSupport

extension LiveServer {
    /// Where the test server's links lead: its own reset page (whose links carry no `type`: they
    /// are recoveries) and the app's deep link the redirect tests use.
    var linkPlaces: [AllowedLink] {
        [
            AllowedLink(baseURL.appendingPathComponent("reset-password"), impliedType: .recovery),
            AllowedLink(URL(string: "gatehouse://reset")!),
        ]
    }
}
