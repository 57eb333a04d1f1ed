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
import PackagePlugin

/// Assembles the OpenAPI document the server serves at `/openapi.json`: `openapi/openapi.json`
/// with every `openapi/fragments/*.json` merged in (a branch that adds routes hands in a fragment;
/// dropping the file in is all it takes). The tool writes one Swift file holding the document, so
/// the server stays a single executable that reads nothing from disk.
@main
struct OpenAPIDocumentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "openapi")
        let base = folder.appending(path: "openapi.json")
        let fragmentsFolder = folder.appending(path: "fragments")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fragmentsFolder.path(percentEncoded: false))) ?? []
        let fragments = names.filter { $0.hasSuffix(".json") }.sorted().map { fragmentsFolder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "OpenAPIDocumentSource.swift")
        return [
            .buildCommand(
                displayName: "Assembling the OpenAPI document (\(fragments.count) fragment(s))",
                executable: try context.tool(named: "OpenAPIAssembler").url,
                arguments: [output.path(percentEncoded: false), base.path(percentEncoded: false)]
                    + fragments.map { $0.path(percentEncoded: false) },
                // A fragment added or removed changes the arguments, which re-runs the command too.
                inputFiles: [base] + fragments,
                outputFiles: [output]
            )
        ]
    }
}
