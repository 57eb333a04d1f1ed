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

import GatehouseCore

extension UserFacingText.Accessibility {
    /// The "Remember me" checkbox's state, read after its label.
    public static let checked = "checked"
    public static let unchecked = "unchecked"
}
