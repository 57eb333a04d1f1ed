import Hummingbird

/// Carries `GATEHOUSE_MAX_JSON_DEPTH` to `JSONBody.decode` for the request being served (the
/// request context is built by Hummingbird and cannot hold the configuration).
struct JSONDepthLimit<Context: RequestContext>: RouterMiddleware {
    let maximumDepth: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await JSONBody.$maximumDepth.withValue(maximumDepth) {
            try await next(request, context)
        }
    }
}
