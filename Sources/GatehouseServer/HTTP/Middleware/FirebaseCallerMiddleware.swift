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

import HTTPTypes
import Hummingbird

/// The Firebase routes' admin detection, from `Authorization` (read before any body):
/// - none: an app (`FirebaseCaller.client`), whose rights each RPC limits to its own account;
/// - a service-role JWT, exactly as the GoTrue admin API checks it: an administrator;
/// - `Bearer owner`, the credential firebase-admin always sends in emulator mode: an
///   administrator only in development on a loopback listener, and logged each time, because
///   whoever can send it may take over any account; everywhere else a 401. A web page the
///   developer visits reaches that listener too, so a request a browser marks as a page's
///   (`Origin`, or `Sec-Fetch-Site` other than `none`) is refused it, whatever the page's
///   origin: firebase-admin is never a page and sends neither (its answers get no CORS either,
///   `CORSOriginPolicy`).
/// Any other credential is refused (401 when it does not verify, 403 when it is not an admin's).
struct FirebaseCallerMiddleware: RouterMiddleware {
    typealias Context = FirebaseRequestContext
    let service: GatehouseServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.headers[.authorization] != nil else { return try await next(request, context) }
        var context = context
        let (credential, actor) = try await credential(request.headers.bearerToken, request: request, context: context)
        context.caller = .admin(credential)
        var origin = AuditRequest.current
        origin.actor = actor
        return try await AuditRequest.$current.withValue(origin) { try await next(request, context) }
    }

    /// The credential, and who acts with it (for the audit log).
    private func credential(_ bearer: String?, request: Request, context: Context) async throws -> (FirebaseAdminCredential, String) {
        guard let token = bearer else { throw FirebaseError.unauthenticated }
        if token == "owner" {
            let configuration = service.configuration
            guard configuration.isDevelopment, ServerConfiguration.isLoopback(host: configuration.host) else {
                context.logger.warning("Firebase call with the emulator credential `Bearer owner` refused (development on loopback only)")
                throw FirebaseError.unauthenticated
            }
            guard !Self.comesFromWebPage(request) else {
                context.logger.warning(
                    "Firebase call with the emulator credential `Bearer owner` refused (sent by a web page: Origin or Sec-Fetch-Site)",
                    metadata: ["origin": "\((request.headers[.origin] ?? "-").prefix(200))"])
                throw FirebaseError.unauthenticated
            }
            context.logger.warning(
                "Firebase admin call accepted with the emulator credential `Bearer owner` (development only)",
                metadata: ["rpc": "\(context.rpc?.name ?? "?")", "client": "\(context.client.address)"])
            return (.owner, "owner")
        }
        do {
            return (.serviceRole, try await service.sessions.requireAdmin(bearer: token))
        } catch let error where error.code == .notAdmin || error.status == .forbidden && error.code != .badJWT {
            throw FirebaseError.insufficientPermission
        } catch {
            throw error.status.code >= 500 ? FirebaseError.internalError : FirebaseError.unauthenticated
        }
    }
}

extension FirebaseCallerMiddleware {
    private static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// Whether the request carries firebase-admin's emulator credential, `Bearer owner`.
    static func presentsEmulatorCredential(_ request: Request) -> Bool {
        request.headers.bearerToken == "owner"
    }

    /// A browser marks what a page's script sends: `Origin` on every cross-origin request and
    /// every POST; `Sec-Fetch-Site` on all of them (`none` only for what the user typed).
    static func comesFromWebPage(_ request: Request) -> Bool {
        if request.headers[.origin] != nil { return true }
        guard let site = request.headers[secFetchSite] else { return false }
        return site.lowercased() != "none"
    }
}
