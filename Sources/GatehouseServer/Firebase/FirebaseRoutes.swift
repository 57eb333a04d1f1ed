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

/// Every route of the Firebase Auth adapter, with its middleware, in one list: the three
/// addressing forms of the Identity Toolkit and securetoken's token path, all on the GoTrue port
/// (clients pointed at an emulator host put Google's host name first in the path). Mounted only
/// when a project is configured (`GATEHOUSE_FIREBASE_PROJECT_ID`); otherwise those paths are 404.
///
/// Each path's last segment names an RPC (`relyingparty/verifyPassword`, `accounts:signUp`); the
/// table below maps names to handlers and to the request budget each spends. Middleware, in
/// order: Firebase's error envelope, the RPC (404 for unknown names, the project of firebase-admin's
/// paths, the rate limit), the caller (admin or app), the API key; then the RPC's handler.
struct FirebaseRoutes {
    let service: GatehouseServices
    let limits: RateLimits

    /// The addressing forms and their Hummingbird paths (`{rpc}`: one segment, parsed by
    /// `FirebaseRPCTable.v1Name`, since `accounts:signUp` has its colon inside the segment).
    static let paths: [(path: String, addressing: FirebaseAddressing)] = [
        ("www.googleapis.com/identitytoolkit/v3/relyingparty/{rpc}", .v3),
        ("identitytoolkit.googleapis.com/v1/{rpc}", .v1),
        ("identitytoolkit.googleapis.com/v1/projects/{project}/{rpc}", .project),
        ("identitytoolkit.googleapis.com/v2/accounts/{rpc}", .v2),
        ("securetoken.googleapis.com/v1/token", .secureToken),
    ]

    /// Where those paths start: their NUL / bad UTF-8 refusal (`QueryInputGuard`) is Firebase's envelope.
    static let pathPrefixes = ["/www.googleapis.com/identitytoolkit/", "/identitytoolkit.googleapis.com/", "/securetoken.googleapis.com/"]

    /// The headers the Firebase JS SDK sends from a browser (its preflight must allow them).
    static let browserHeaders: [HTTPField.Name] = [
        "X-Client-Version", "X-Firebase-GMPID", "X-Firebase-Client", "X-Firebase-Locale", "X-Firebase-AppCheck", "X-Goog-Api-Key",
    ].compactMap { HTTPField.Name($0) }

    /// The RPCs by v1 name, each with the budget GoTrue's equivalent spends: sign-up and
    /// changes `otp` (as `/signup`, `PUT /user`), sign-in and refresh `token` (as `/token`), the
    /// second factor `verify` (as `/factors/{id}/challenge` and `/verify`).
    func table(projectId: String) -> FirebaseRPCTable {
        var table = FirebaseRPCTable()
        let otp = limits.otp
        let token = limits.token
        let adapter = FirebaseAdapter(service: service, projectId: projectId)
        let signUp = FirebaseSignUpEndpoint(adapter: adapter)
        let signIn = FirebaseSignInEndpoint(adapter: adapter)
        let lookup = FirebaseLookupEndpoint(adapter: adapter)
        let update = FirebaseUpdateEndpoint(adapter: adapter)
        let delete = FirebaseDeleteEndpoint(adapter: adapter)
        let secureToken = FirebaseSecureTokenEndpoint(adapter: adapter)
        let secondFactor = FirebaseMFASignInEndpoint(adapter: adapter)
        let batchCreate = FirebaseBatchCreateEndpoint(adapter: adapter)
        let signInWithIdp = FirebaseSignInWithIdpEndpoint(adapter: adapter)

        table.register("signUp", limit: otp) { try await signUp.signUp($0, context: $1) }
        table.register("signInWithPassword", limit: token) { try await signIn.signIn($0, context: $1) }
        table.register("signInWithIdp", limit: token) { try await signInWithIdp.signIn($0, context: $1) }
        table.register("lookup") { try await lookup.lookup($0, context: $1) }
        table.register("update", limit: otp) { try await update.update($0, context: $1) }
        table.register("delete") { try await delete.delete($0, context: $1) }
        table.register("batchCreate") { try await batchCreate.batchCreate($0, context: $1) }
        table.register("token", limit: token) { try await secureToken.token($0, context: $1) }
        table.register("mfaSignIn:start", limit: limits.verify) { try await secondFactor.start($0, context: $1) }
        table.register("mfaSignIn:finalize", limit: limits.verify) { try await secondFactor.finalize($0, context: $1) }
        // sendOobCode and resetPassword, with the action page's routes.
        FirebaseOobRoutes(adapter: adapter, limits: limits).register(in: &table)
        // Custom tokens sign in (`/token`'s budget), email links are codes (`/verify`'s, as
        // resetPassword), anonymous accounts go in front of signUp and update.
        let customToken = FirebaseCustomTokenEndpoint(adapter: adapter)
        let emailLink = FirebaseEmailLinkSignInEndpoint(adapter: adapter)
        table.register("signInWithCustomToken", limit: token) { try await customToken.signIn($0, context: $1) }
        table.register("signInWithEmailLink", limit: limits.verify) { try await emailLink.signIn($0, context: $1) }
        FirebaseAnonymousSignUpEndpoint.register(in: &table, adapter: adapter)
        return table
    }

    func add(to router: Router<GatehouseRequestContext>) {
        guard let projectId = service.configuration.firebase.projectId else { return }
        let table = table(projectId: projectId)
        for (path, addressing) in Self.paths {
            router.with(FirebaseErrorMiddleware(), QueryInputGuard())
                .group(context: FirebaseRequestContext.self)
                .add(middleware: FirebaseRPCMiddleware(addressing: addressing, table: table, projectId: projectId))
                .add(middleware: FirebaseCallerMiddleware(service: service))
                .add(middleware: FirebaseAPIKeyMiddleware(configuration: service.configuration.firebase))
                .post(RouterPath(path)) { request, context in
                    guard let rpc = context.rpc else { throw FirebaseError.notFound }
                    return try await rpc.handler(request, context)
                }
        }
    }
}
