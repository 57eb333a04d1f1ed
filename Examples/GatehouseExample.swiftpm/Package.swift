// swift-tools-version: 5.9
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

// An app package: open this folder in Xcode 15 or later (or Swift Playgrounds 4.4 on iPad or
// Mac) and run GatehouseExample on an iOS 15+ simulator or device. See README.md.
import AppleProductTypes
import PackageDescription

let package = Package(
    name: "GatehouseExample",
    platforms: [.iOS("15.0")],
    products: [
        .iOSApplication(
            name: "GatehouseExample",
            targets: ["GatehouseExampleApp"],
            bundleIdentifier: "dev.gatehouse.example",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .lock),
            accentColor: .presetColor(.blue),
            supportedDeviceFamilies: [.phone, .pad],
            supportedInterfaceOrientations: [
                .portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown(.when(deviceFamilies: [.pad])),
            ],
            additionalInfoPlistContentFilePath: "Info.plist"
        )
    ],
    dependencies: [
        // The Gatehouse package this folder lives in.
        .package(name: "gatehouse", path: "../..")
    ],
    targets: [
        // Navigation and configuration, without SwiftUI: the gatehouse package's Linux tests
        // drive it too (target GatehouseExampleFlow there).
        .target(
            name: "GatehouseExampleFlow",
            dependencies: [
                .product(name: "GatehouseClient", package: "gatehouse"),
                .product(name: "GatehouseFeatures", package: "gatehouse"),
            ],
            path: "Sources/GatehouseExampleFlow"
        ),
        .executableTarget(
            name: "GatehouseExampleApp",
            dependencies: ["GatehouseExampleFlow", .product(name: "GatehouseUI", package: "gatehouse")],
            path: "Sources/GatehouseExampleApp"
        ),
    ]
)
