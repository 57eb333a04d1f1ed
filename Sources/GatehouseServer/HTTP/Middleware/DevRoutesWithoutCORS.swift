import Hummingbird

/// The API's CORS middleware, except on `/_dev/*`: the dev mailbox holds every email's links
/// and codes, and no other site's script may read it (no `Access-Control-Allow-Origin`, and
/// preflights get no CORS answer, so browsers block cross-origin calls).
struct DevRoutesWithoutCORS<Context: RequestContext>: RouterMiddleware {
    let cors: CORSMiddleware<Context>

    init(_ cors: CORSMiddleware<Context>) {
        self.cors = cors
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.uri.path == "/_dev" || request.uri.path.hasPrefix("/_dev/") {
            return try await next(request, context)
        }
        return try await cors.handle(request, context: context, next: next)
    }
}
