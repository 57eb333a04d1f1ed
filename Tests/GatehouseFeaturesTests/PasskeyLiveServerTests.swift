import Foundation
import GatehouseClient
import GatehouseFeatures
import GatehouseTestSupport
import Testing

/// The passkey button against a real Gatehouse with passkeys not switched on (the default): the
/// page takes the button away and says to use the password, and the sheet never opens.
@MainActor
@Suite("Passkey sign-in against a live server")
struct PasskeyLiveServerTests {
    @Test func aServerWithoutPasskeysTakesTheButtonAway() async throws {
        try await withLiveServer { server in
            let ceremony = FakePasskeyCeremony()
            let model = LoginModel(
                auth: server.client(), clock: ManualClock(), reachability: FixedReachability(reachable: true),
                passkeyCeremony: ceremony)
            #expect(model.offersPasskeySignIn)
            await model.signInWithPasskey()
            #expect(model.passkeyState == .unavailable(PasskeyText.disabled))
            #expect(!model.offersPasskeySignIn)
            #expect(ceremony.calls.isEmpty)
        }
    }
}
