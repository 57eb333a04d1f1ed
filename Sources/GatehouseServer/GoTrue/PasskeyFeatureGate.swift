import Hummingbird

/// Every `/passkeys…` route answers `404 passkey_disabled` while the feature is off, before
/// anything else (rate limit, token, body) is looked at, as GoTrue's `requirePasskeyEnabled`.
struct PasskeyFeatureGate<Context: RequestContext>: RouterMiddleware {
    let enabled: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard enabled else { throw AuthError.passkeyDisabled }
        return try await next(request, context)
    }
}
