// swift-tools-version:6.1
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

import PackageDescription

// Dependencies come from the machine's package mirror at the versions it holds (see DESIGN.md).
// Platform floors: the app-side libraries (GatehouseCore, GatehouseClient, GatehouseFeatures,
// GatehouseUI) need iOS 15 (passkeys are behind `@available(iOS 16, *)`); the server, its
// dependencies and the tool need macOS 15. An app that uses only the app-side libraries builds
// none of the server's dependencies: swift-log is the one third-party package they use.
let package = Package(
    name: "gatehouse",
    platforms: [.macOS(.v15), .iOS(.v15)],
    products: [
        .library(name: "GatehouseCore", targets: ["GatehouseCore"]),
        .library(name: "GatehouseServer", targets: ["GatehouseServer"]),
        .library(name: "GatehouseClient", targets: ["GatehouseClient"]),
        .library(name: "GatehouseFeatures", targets: ["GatehouseFeatures"]),
        .library(name: "GatehouseUI", targets: ["GatehouseUI"]),
        .library(name: "GatehouseQRCode", targets: ["GatehouseQRCode"]),
        .executable(name: "gatehouse", targets: ["gatehouse"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/swift-extras/swift-extras-base64.git", from: "1.2.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // ObservableObject and @Published where Apple's Combine is absent (Linux); not built for Apple platforms.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(name: "GatehouseCore"),
        // One C function SQLite's variadic configuration call needs (Swift cannot call it).
        .target(name: "CGatehouseSQLite", dependencies: [.product(name: "SQLiteKit", package: "sqlite-kit")]),
        // SQLite driven through its C API with statements kept prepared, under SQLKit: the one
        // SQLite copy SQLiteNIO links (sqlite-nio's vendored `sqlite_nio_sqlite3_*`), never a
        // second (VendoredSQLiteTests holds that).
        .target(
            name: "GatehouseSQLite",
            dependencies: [
                "CGatehouseSQLite",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "GatehouseServer",
            dependencies: [
                "GatehouseCore",
                "GatehouseSQLite",
                "GatehouseQRCode",
                "GatehouseWebAuthn",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // Web page templates, CSS, JS and images, compiled into the binary (WebResources.swift).
            resources: [.embedInCode("Resources")],
            // The OpenAPI document (openapi/openapi.json + openapi/fragments/*.json), compiled in.
            plugins: ["OpenAPIDocumentPlugin"]
        ),
        // The SDK: Foundation only (URLSession), so apps take no third-party dependency.
        .target(name: "GatehouseClient", dependencies: ["GatehouseCore"]),
        // The specs' pages as ObservableObject state machines; no UI import.
        .target(
            name: "GatehouseFeatures",
            dependencies: [
                "GatehouseClient", "GatehouseCore", .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
        // SwiftUI views bound to the feature models (compiled on Apple platforms only).
        .target(name: "GatehouseUI", dependencies: ["GatehouseFeatures"]),
        .executableTarget(
            name: "gatehouse",
            dependencies: [
                "GatehouseServer",
                "GatehouseCore",
                "GatehouseClient",
                "GatehouseFeatures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "GatehouseCoreTests", dependencies: ["GatehouseCore"]),
        // A live in-process server, a dev-mailbox reader and a software passkey, shared by the SDK,
        // feature and server tests.
        // Builds CBOR (the library only reads it): the WebAuthn tests' inputs and the software
        // passkey's attestation objects.
        .target(
            name: "GatehouseWebAuthnTestSupport",
            dependencies: ["GatehouseWebAuthn"],
            path: "Tests/GatehouseWebAuthnTestSupport"
        ),
        .target(
            name: "GatehouseTestSupport",
            dependencies: [
                "GatehouseServer", "GatehouseCore", "GatehouseWebAuthnTestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/GatehouseTestSupport"
        ),
        .testTarget(
            name: "GatehouseClientTests",
            dependencies: [
                "GatehouseClient", "GatehouseServer", "GatehouseTestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "GatehouseFeaturesTests",
            dependencies: [
                "GatehouseFeatures", "GatehouseClient", "GatehouseServer", "GatehouseTestSupport",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The example app's navigation and configuration (Examples/GatehouseExample.swiftpm, an
        // app package that builds it too): no product, only tested here.
        .target(
            name: "GatehouseExampleFlow",
            dependencies: [
                "GatehouseClient", "GatehouseFeatures",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ],
            path: "Examples/GatehouseExample.swiftpm/Sources/GatehouseExampleFlow"
        ),
        .testTarget(
            name: "GatehouseExampleFlowTests",
            dependencies: [
                "GatehouseExampleFlow", "GatehouseFeatures", "GatehouseClient", "GatehouseCore", "GatehouseServer",
                "GatehouseTestSupport",
            ],
            path: "Examples/GatehouseExample.swiftpm/Tests/GatehouseExampleFlowTests"
        ),
        .testTarget(
            name: "GatehouseServerTests",
            dependencies: [
                "GatehouseServer", "GatehouseSQLite", "GatehouseTestSupport",
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            // Read from the source tree by the tests; the generator script is not built.
            exclude: ["Passwords/ImportedHashes/Vectors"]
        ),
        // WebAuthn verification (CBOR, COSE keys, both ceremonies): swift-crypto and Foundation only.
        .target(
            name: "GatehouseWebAuthn",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "GatehouseWebAuthnTests",
            dependencies: [
                "GatehouseWebAuthn", "GatehouseWebAuthnTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            // The Python script that made CrossCheckTests' vector.
            exclude: ["Vectors"]
        ),
        // QR codes (byte mode, level M) as SVG, for TOTP enrolment: no dependency at all.
        .target(name: "GatehouseQRCode"),
        .testTarget(name: "GatehouseQRCodeTests", dependencies: ["GatehouseQRCode"], exclude: ["Vectors"]),
        // Merges openapi/fragments/*.json into openapi/openapi.json at build time (Foundation only).
        .executableTarget(name: "OpenAPIAssembler"),
        .plugin(name: "OpenAPIDocumentPlugin", capability: .buildTool(), dependencies: ["OpenAPIAssembler"]),
    ]
)
