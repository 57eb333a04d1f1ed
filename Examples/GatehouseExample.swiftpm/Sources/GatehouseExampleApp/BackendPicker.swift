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
