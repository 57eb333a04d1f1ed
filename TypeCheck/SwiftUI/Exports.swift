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

// SwiftUI brings Foundation, Combine (here OpenCombine: ObservableObject, @Published) and, on
// iOS, UIKit with it.
@_exported import Foundation
@_exported import OpenCombine
@_exported import UIKit
