import Hummingbird
import Logging

/// One log line per request: method, path, route pattern, status, duration and the request id
/// (`RequestIdMiddleware` put it on the logger).
///
/// The query string is never logged: GoTrue's links carry tokens there (`/verify?token=`), and
/// Hummingbird's own request logger would print the full URI.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        context.logger.log(
            level: response.status.code >= 500 ? .error : .info, "Request",
            metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(request.uri.path),
                // The route pattern (`/admin/users/{id}`), for grouping lines without the ids.
                "route": .string(context.endpointPath.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? GatehouseMetrics.unmatchedRoute),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(milliseconds.twoDecimals),
            ]
        )
        return response
    }
}
