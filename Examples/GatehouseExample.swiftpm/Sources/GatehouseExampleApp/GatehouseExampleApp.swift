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

import GatehouseClient
import GatehouseExampleFlow
import SwiftUI

/// The example app: the specs' pages from GatehouseUI against a local Gatehouse, with a switch
/// between the four reset backends. The reset email's link opens the app through its custom
/// scheme (`gatehouse-example://`, in Info.plist's URL types).
@main
struct GatehouseExampleApp: App {
    @StateObject private var flow = ExampleFlow(
        configuration: ExampleConfiguration(environment: ProcessInfo.processInfo.environment),
        makeServices: { ExampleServices(configuration: $0, storage: PlatformSessionStorage.make(service: "gatehouse-example")) }
    )

    var body: some Scene {
        WindowGroup {
            RootView(flow: flow)
                .onOpenURL { url in flow.open(url) }
                .task { await flow.start() }
        }
    }
}
