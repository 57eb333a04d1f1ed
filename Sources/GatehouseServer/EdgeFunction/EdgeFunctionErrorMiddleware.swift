import GatehouseCore
import Hummingbird

/// The Edge Function's error vocabulary: every `AuthError` of its routes (a rate limit included)
/// as `{"success": false, "error": <message>}` with a 4xx (a server failure is a plain 500) and
/// `Retry-After` when there is one. Other errors go on to the GoTrue error middleware.
struct EdgeFunctionErrorMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as AuthError {
            return try JSONBody.response(
                EdgeFunctionResetAnswer(success: false, error: error.message), status: error.envelopeStatus,
                headers: error.retryAfterHeaders
            )
        }
    }
}
