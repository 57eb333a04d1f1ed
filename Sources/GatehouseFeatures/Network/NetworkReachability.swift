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

import Foundation

#if canImport(Network)
    import Network
#endif

/// "Is there a network at all?" — asked before a request is sent (login spec §8 "No Internet
/// Connection … Check: Use network reachability detection"), so an offline person is told at
/// once instead of after the 30 s timeout. Tests pass a fixed answer.
public protocol NetworkReachability: Sendable {
    func isReachable() async -> Bool
}

/// A fixed answer: previews, tests, and platforms without `Network`.
public struct FixedReachability: NetworkReachability {
    public let reachable: Bool
    public init(reachable: Bool) { self.reachable = reachable }
    public func isReachable() async -> Bool { reachable }
}

#if canImport(Network)
    /// The device's network path (`NWPathMonitor`): reachable unless the path is `unsatisfied`
    /// (airplane mode, no Wi-Fi and no cellular). A path not yet known counts as reachable, so the
    /// request itself decides.
    public final class PathReachability: NetworkReachability {
        private let monitor = NWPathMonitor()

        public init() {
            monitor.start(queue: DispatchQueue(label: "gatehouse.reachability"))
        }

        deinit { monitor.cancel() }

        public func isReachable() async -> Bool {
            monitor.currentPath.status != .unsatisfied
        }
    }
#endif

/// The device's own answer where the platform has one.
public func systemReachability() -> any NetworkReachability {
    #if canImport(Network)
        PathReachability()
    #else
        FixedReachability(reachable: true)
    #endif
}
