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

/// A log value that is a number: the JSON format writes it as a JSON number rather than a string
/// (`JSONLogHandler`), the text format as its description.
protocol LogNumber: CustomStringConvertible, Sendable {
    var logNumber: Double { get }
}

/// A duration in milliseconds, to two decimals: `12.34` in both formats.
struct LogMilliseconds: LogNumber {
    let logNumber: Double

    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        logNumber = (milliseconds * 100).rounded() / 100
    }

    var description: String { logNumber.twoDecimals }
}
