import GatehouseCore
import Hummingbird

/// The REST API's error vocabulary: every `AuthError` of its routes (a rate limit included) in
/// the envelope, with a 4xx (a server failure is a plain 500) and `Retry-After` when there is
/// one. Other errors go on to the GoTrue error middleware.
struct RESTErrorMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as AuthError {
            let envelope = ResetAPIEnvelope<EmptyObject>(success: false, error: error.code.rawValue, message: error.message)
            return try JSONBody.response(envelope, status: error.envelopeStatus, headers: error.retryAfterHeaders)
        }
    }
}
