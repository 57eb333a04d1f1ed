import GatehouseCore
import Logging

/// Recovery and verification: the "send me an email" requests (recover, resend), redeeming
/// emailed links and codes, previewing a link without spending it, and the password reset.
struct RecoveryService: Sendable {
    let configuration: ServerConfiguration
    let store: Store
    let hasher: PasswordHasher
    /// Signs in whoever redeems a link or a code.
    let issuer: SessionIssuer
    let tokenHasher: OneTimeTokenHasher
    let redirectPolicy: RedirectPolicy
    let mailQueue: MailQueue
    let clock: ServerClock
    let random: RandomSource
    let logger: Logger
    /// Counts email requests and redeemed links and codes.
    let metrics: GatehouseMetrics

    init(_ environment: ServerEnvironment) {
        configuration = environment.configuration
        store = environment.store
        hasher = environment.hasher
        issuer = environment.issuer
        tokenHasher = environment.tokenHasher
        redirectPolicy = environment.redirectPolicy
        mailQueue = environment.mailQueue
        clock = environment.clock
        random = environment.random
        logger = environment.logger
        metrics = environment.metrics
    }

    var passwordPolicy: PasswordPolicy { configuration.passwordPolicy }
}
