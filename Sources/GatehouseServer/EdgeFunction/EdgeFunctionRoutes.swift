import Hummingbird

/// The routes of the Supabase Edge Function shape (spec 003), with their middleware: its own
/// error envelope outermost, then the OTP rate limit.
struct EdgeFunctionRoutes {
    let service: GatehouseServices
    let limits: RateLimits

    func add(to router: Router<GatehouseRequestContext>) {
        let sendResetEmail = SendResetEmailEndpoint(service: service)
        router.with(EdgeFunctionErrorMiddleware(), RateLimitMiddleware(limits.otp))
            .post("functions/v1/send-reset-email") { try await sendResetEmail.send($0, context: $1) }
    }
}
