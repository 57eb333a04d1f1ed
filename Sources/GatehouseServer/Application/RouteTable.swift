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
import HTTPTypes
import Hummingbird
import Logging

/// The server's router: the middleware every request passes, then every route, listed by its
/// adapter — GoTrue (`GoTrue/GoTrueRoutes.swift`, at the root and under `/auth/v1`), the Edge
/// Function and REST shapes (`EdgeFunction/`, `REST/`), the web pages (`Web/WebRoutes.swift`),
/// the console (`Web/Console/`), Firebase (`Firebase/FirebaseRoutes.swift`), metrics and the
/// OpenAPI document.
/// Each list names its routes' own middleware (rate limits, authentication, error envelopes).
func buildRouter(service: GatehouseServices) -> Router<GatehouseRequestContext> {
    let configuration = service.configuration
    // HEAD wherever GET is, with GET's status and headers and no body (RFC 9110 §9.3.2).
    let router = Router(context: GatehouseRequestContext.self, options: .autoGenerateHeadEndpoints)
    let methods = RouteMethodIndex()
    router.add(middleware: RequestIdMiddleware(trustedProxies: configuration.rateLimits.trustedProxies))
    router.add(middleware: RequestLogMiddleware(routes: methods))
    router.add(middleware: HTTPMetricsMiddleware(metrics: service.environment.metrics, routes: methods))
    // Outside the error middleware, so error answers are marked too.
    router.add(middleware: NoStoreMiddleware())
    // Only the allowed origins' pages may read answers from another origin (CORSOriginPolicy).
    let cors = CORSOriginPolicy(configuration: configuration)
    router.add(middleware: CORSPolicyMiddleware(policy: cors))
    router.add(middleware: ExposeHeadersMiddleware(policy: cors))
    router.add(middleware: GoTrueErrorMiddleware())
    router.add(middleware: MethodNotAllowedMiddleware(index: methods, render: MethodNotAllowedAnswers.render(service: service)))
    router.add(middleware: JSONDepthLimit(maximumDepth: configuration.maximumJSONDepth))
    router.add(middleware: QueryInputGuard(leftToTheirRoutes: FirebaseRoutes.pathPrefixes + EdgeFunctionRoutes.paths + RESTRoutes.paths))
    router.add(middleware: ClientIdentificationMiddleware(identification: ClientIdentification(configuration.rateLimits)))
    router.add(middleware: AuditRequestMiddleware())

    let limits = service.limits
    // Each adapter's routes go into the method index with the adapter that declared them.
    func adding(_ adapter: RouteAdapter, _ add: () -> Void) {
        // The router lists its routes from its trie, not in the order added: the new ones are the difference.
        let before = Set(router.routes.map { "\($0.method.rawValue) \($0.path.description)" })
        add()
        for route in router.routes where !before.contains("\(route.method.rawValue) \(route.path.description)") {
            methods.add(method: route.method.rawValue, path: route.path.description, adapter: adapter)
        }
    }
    let goTrue = GoTrueRoutes(service: service, limits: limits).collection()
    adding(.goTrue) {
        router.addRoutes(goTrue, atPath: "auth/v1")
        router.addRoutes(goTrue)
    }
    adding(.edgeFunction) { EdgeFunctionRoutes(service: service, limits: limits).add(to: router) }
    adding(.rest) { RESTRoutes(service: service, limits: limits).add(to: router) }
    adding(.web) { WebRoutes(service: service, limits: limits).add(to: router) }
    adding(.web) { ConsoleRoutes(service: service, limits: limits).add(to: router) }
    adding(.firebase) { FirebaseRoutes(service: service, limits: limits).add(to: router) }
    adding(.metrics) { MetricsRoutes(service: service).add(to: router) }
    adding(.goTrue) { OpenAPIRoutes().add(to: router) }
    adding(.goTrue) { ReadinessEndpoint(service: service).add(to: router) }
    return router
}

/// The server's routes as its router holds them, for `gatehouse routes` (the malformed-input
/// suite sends broken requests to every one of them, so a route added later is covered).
public enum RouteTable {
    public struct Route: Codable, Sendable, Equatable {
        public var method: String
        /// Hummingbird's path pattern, e.g. `/auth/v1/admin/users/{id}`.
        public var path: String
    }

    /// The routes `buildRouter` makes for `configuration`, sorted. Storage is a throwaway SQLite
    /// file, never the configured database, and nothing is migrated or served.
    public static func routes(configuration: ServerConfiguration) async throws -> [Route] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let logger = Logger(label: "gatehouse-routes")
        let store = try await SQLiteStore.open(path: folder.appendingPathComponent("routes.sqlite").path, logger: logger)
        var configuration = configuration
        configuration.usesDevelopmentSigningKey = false  // listing routes writes no key file to the data folder
        let environment = try await ServerEnvironment.live(configuration: configuration, store: store, logger: logger)
        let routes = buildRouter(service: GatehouseServices(environment: environment))
            .routes.map { Route(method: $0.method.rawValue, path: $0.path.description) }
        await store.shutdown()
        await environment.hasher.shutdown()
        return routes.sorted { ($0.path, $0.method) < ($1.path, $1.method) }
    }
}
