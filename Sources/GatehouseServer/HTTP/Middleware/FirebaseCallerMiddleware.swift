import Hummingbird

/// The Firebase routes' admin detection, from `Authorization` (read before any body):
/// - none: an app (`FirebaseCaller.client`), whose rights each RPC limits to its own account;
/// - a service-role JWT, exactly as the GoTrue admin API checks it: an administrator;
/// - `Bearer owner`, the credential firebase-admin always sends in emulator mode: an
///   administrator only in development on a loopback listener, and logged each time, because
///   whoever can send it may take over any account; everywhere else a 401.
/// Any other credential is refused (401 when it does not verify, 403 when it is not an admin's).
struct FirebaseCallerMiddleware: RouterMiddleware {
    typealias Context = FirebaseRequestContext
    let service: GatehouseServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authorization = request.headers[.authorization] else { return try await next(request, context) }
        var context = context
        let (credential, actor) = try await credential(authorization, context: context)
        context.caller = .admin(credential)
        var origin = AuditRequest.current
        origin.actor = actor
        return try await AuditRequest.$current.withValue(origin) { try await next(request, context) }
    }

    /// The credential, and who acts with it (for the audit log).
    private func credential(_ authorization: String, context: Context) async throws -> (FirebaseAdminCredential, String) {
        let token: String
        do {
            token = try SessionService.bearerToken(authorization)
        } catch {
            throw FirebaseError.unauthenticated
        }
        if token == "owner" {
            let configuration = service.configuration
            guard configuration.isDevelopment, ServerConfiguration.isLoopback(host: configuration.host) else {
                context.logger.warning("Firebase call with the emulator credential `Bearer owner` refused (development on loopback only)")
                throw FirebaseError.unauthenticated
            }
            context.logger.warning(
                "Firebase admin call accepted with the emulator credential `Bearer owner` (development only)",
                metadata: ["rpc": "\(context.rpc?.name ?? "?")", "client": "\(context.client.address)"])
            return (.owner, "owner")
        }
        do {
            return (.serviceRole, try await service.sessions.requireAdmin(authorization: authorization))
        } catch let error where error.code == .notAdmin || error.status == .forbidden && error.code != .badJWT {
            throw FirebaseError.insufficientPermission
        } catch {
            throw error.status.code >= 500 ? FirebaseError.internalError : FirebaseError.unauthenticated
        }
    }
}
