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

/// The development-mode JWT secret: random, made once, kept (0600) so sessions survive restarts.
enum DevelopmentSecret {
    static func loadOrCreate(in directory: String) throws -> String {
        let path = directory + "/jwt-secret"
        if let existing = try? String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
            existing.utf8.count >= 32
        {
            try PrivateFiles.prepareDirectory(directory)
            try PrivateFiles.prepareFile(path)
            return existing
        }
        try PrivateFiles.prepareDirectory(directory)
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<48).map { _ in UInt8.random(in: 0...255, using: &generator) }.hexString
        // A short or empty leftover is replaced; the new file is 0600 from its creation.
        try? FileManager.default.removeItem(atPath: path)
        try PrivateFiles.createFile(path, contents: Data(secret.utf8))
        return secret
    }
}
