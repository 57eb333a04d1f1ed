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

/// Keychain items outlive the app on iOS: deleted and installed again, it would find the last
/// user's session. UserDefaults do not outlive it, so a marker there tells the first launch
/// after an install — call `clearIfFirstLaunch` early at launch, before restoring the session.
public struct FirstLaunchAfterInstall: @unchecked Sendable {
    // @unchecked: UserDefaults is thread-safe but not marked Sendable on every platform.
    public let defaults: UserDefaults
    public let markerKey: String

    public init(defaults: UserDefaults = .standard, markerKey: String = "gatehouse.installed") {
        self.defaults = defaults
        self.markerKey = markerKey
    }

    public var isFirstLaunch: Bool { !defaults.bool(forKey: markerKey) }

    /// On the first launch after an install, deletes the stored session (and a waiting PKCE
    /// verifier) of `storageKey`, then sets the marker; returns whether it did. A delete that
    /// fails throws and leaves the marker unset, so the next launch tries again.
    @discardableResult
    public func clearIfFirstLaunch(_ storage: any SessionStorage, storageKey: String = "gatehouse.auth.session") throws -> Bool {
        guard isFirstLaunch else { return false }
        try storage.removeReliably(key: storageKey)
        try storage.removeReliably(key: storageKey + "-code-verifier")
        defaults.set(true, forKey: markerKey)
        return true
    }
}
