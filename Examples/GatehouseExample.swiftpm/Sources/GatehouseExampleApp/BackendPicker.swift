import GatehouseExampleFlow
import SwiftUI

/// GoTrue, Firebase, Edge Function or REST: which backend the reset email goes through.
struct BackendPicker: View {
    @ObservedObject var flow: ExampleFlow

    var body: some View {
        Picker("Backend", selection: Binding(get: { flow.configuration.backend }, set: { flow.select($0) })) {
            ForEach(ExampleBackend.allCases) { backend in
                Text(backend.title).tag(backend)
            }
        }
        .pickerStyle(.segmented)
        .padding()
        .accessibilityLabel("Backend")
    }
}
