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

/// The version of this build, written in one place: `gatehouse --version`, `GET /health` and
/// `/metrics`' `gatehouse_build_info` all read it here, and the newest heading of CHANGELOG.md
/// names the same (scripts/release.sh checks that they agree).
public enum GatehouseVersion {
    /// Semantic version of the server.
    public static let version = "0.1.0"

    /// The commit the binary was built from when the build was stamped with one
    /// (`GatehouseBuildStamp`), `unknown` for an ordinary `swift build`.
    public static var commit: String { GatehouseBuildStamp.commit }

    /// What `gatehouse --version` prints: `gatehouse 0.1.0 (commit 1a2b3c4)`.
    public static var description: String { "gatehouse \(version) (commit \(commit))" }
}
