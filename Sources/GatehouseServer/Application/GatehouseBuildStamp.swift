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

/// Where a stamped build's commit comes from, without a tracked file to rewrite.
///
/// An ordinary build has only the default below (`unknown`). A release build first writes
/// `Sources/GatehouseServer/Application/GatehouseBuildStamp+Commit.swift` (not in the repository)
/// holding `extension GatehouseBuildStamp { static var commit: String { "<commit>" } }`, then
/// removes it: a member of the type itself is chosen over the protocol extension's default, so
/// that file alone changes what `GatehouseVersion.commit` reads.
enum GatehouseBuildStamp: UnstampedBuild {}

/// The default of a build nobody stamped.
protocol UnstampedBuild {}

extension UnstampedBuild {
    static var commit: String { "unknown" }
}
