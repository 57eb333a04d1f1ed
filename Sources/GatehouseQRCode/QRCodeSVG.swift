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

extension QRCode {
    /// The symbol as SVG markup, with the four-module quiet zone the standard requires: a white
    /// background and one path of unit squares for the dark modules, in module units
    /// (`viewBox`) drawn at `pixelsPerModule`.
    ///
    /// GoTrue returns raw SVG that clients prefix with `data:image/svg+xml;utf-8,`; so the markup
    /// avoids `#` (it would end a data URL) and uses named colours.
    public func svg(pixelsPerModule: Int = 4) -> String {
        let quiet = 4
        let side = size + 2 * quiet
        let pixels = side * pixelsPerModule
        var path = ""
        for y in 0..<size {
            for x in 0..<size where modules[y][x] {
                path += "M\(x + quiet) \(y + quiet)h1v1h-1z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(pixels)" height="\(pixels)" viewBox="0 0 \(side) \(side)" \
            shape-rendering="crispEdges"><rect width="\(side)" height="\(side)" fill="white"/>\
            <path fill="black" d="\(path)"/></svg>
            """
    }
}
