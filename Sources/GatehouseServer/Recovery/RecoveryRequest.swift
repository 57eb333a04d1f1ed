import Foundation
import GatehouseCore
import SQLKit

/// Which email a request asks for.
enum EmailRequestKind: String, Sendable {
    case recovery
    case signupConfirmation = "signup"
}

extension AuthService {
    /// The one request path behind `/recover`, the Edge Function, both REST endpoints, `/resend`
    /// and the web form: validate, apply the address's send window, queue one outbox job in the
    /// same transaction, answer.
    ///
    /// Nothing here looks the address up, so registered and unknown addresses take the same
    /// path, the same time and get the same answer; the worker finds out later whether there is
    /// anyone to write to.
    func requestEmail(
        _ kind: EmailRequestKind, email rawEmail: String?, redirectTo requestedRedirect: String? = nil,
        pkce: PKCEChallenge? = nil, missingMessage: String = "Password recovery requires an email"
    ) async throws(AuthError) {
        let email = try AuthError.checkEmail(rawEmail, missingMessage: missingMessage)
        let redirect = redirectPolicy.resolve(requestedRedirect)
        if redirect.rejected {
            logger.warning("redirect_to is not in the allow-list; using the site URL instead")
        }
        let redirectTo = requestedRedirect == nil ? nil : redirect.url
        let job: OutboxJob = switch kind {
        case .recovery:
            .recovery(email: email.normalized, redirectTo: redirectTo, codeChallenge: pkce?.challenge, codeChallengeMethod: pkce?.method)
        case .signupConfirmation:
            .signupConfirmation(email: email.normalized, redirectTo: redirectTo, codeChallenge: pkce?.challenge, codeChallengeMethod: pkce?.method)
        }
        let now = Clock.now()
        // On SQLite the in-process write lock already orders these two statements against every
        // other writer, so they run without BEGIN/COMMIT (half the round trips on the hottest
        // write path). A crash between them, before the client had an answer, can only leave the
        // window claimed without a job; the unanswered client asks again after the window.
        // PostgreSQL, shared by several instances, keeps the transaction.
        let wait = try await database(store.engine == .sqlite ? .statement : .transaction) { database in
            try await enqueueWithinWindow(job, kind: kind, email: email, pkce: pkce != nil, now: now, in: database)
        }
        if let wait {
            throw AuthError(
                .overEmailSendRateLimit, status: .tooManyRequests,
                "For security purposes, you can only request this after \(wait) seconds.", retryAfter: wait
            )
        }
        outboxSignal.nudge()
    }

    /// Queues `job` unless the address's send window for `kind` is still open; then returns
    /// the seconds left and queues nothing. Runs inside the caller's transaction.
    ///
    /// PKCE requests have a window of their own: anyone can ask for a PKCE email to any address
    /// (with a challenge only they can answer), and that must not hold back the owner's plain
    /// request for the window.
    func enqueueWithinWindow(
        _ job: OutboxJob, kind: EmailRequestKind, email: EmailAddress, pkce: Bool = false, now: Timestamp, in database: any SQLDatabase
    ) async throws -> Int? {
        let key = tokenHasher.addressKey(email, purpose: pkce ? kind.rawValue + "/pkce" : kind.rawValue)
        if let wait = try await EmailWindowRepository.claim(key: key, window: configuration.emailSendWindow, now: now, in: database) {
            return wait
        }
        try await OutboxRepository.enqueue(job, now: now, in: database)
        return nil
    }

    /// For the worker: mints one-time tokens for a batch of recovery and confirmation jobs in a
    /// single write transaction (one lookup for the whole batch), and returns, in the order of
    /// `requests`, what each email needs, or nil where there is no such account (or, for a
    /// confirmation, it is already confirmed).
    ///
    /// Unknown addresses go through the same transaction as registered ones and a token is
    /// minted for every request: the background work a request causes must not depend on whether
    /// the address is registered, or the requests that follow would be slowed only after
    /// registered ones (measured: looking unknown addresses up on a reader instead made that gap
    /// significant, p < 0.001).
    func issueOneTimeTokens(_ requests: [OneTimeTokenRequest]) async throws -> [(user: UserRecord, context: EmailTemplates.Context)?] {
        guard !requests.isEmpty else { return [] }
        let now = Clock.now()
        let minted = requests.map { request in
            let issued = tokenHasher.mint(lifetime: configuration.otpExpiry, now: now)
            let record = OneTimeTokenRecord(
                id: issued.id, userId: UUID(), purpose: request.purpose, codeHash: tokenHasher.codeHash(issued.code, tokenId: issued.id),
                attempts: 0, codeChallenge: request.codeChallenge, codeChallengeMethod: request.codeChallengeMethod,
                redirectTo: request.redirectTo, expiresAt: issued.expiresAt, consumedAt: nil
            )
            return (issued: issued, record: record, linkHash: tokenHasher.linkHash(issued.linkToken))
        }
        let addresses = requests.map { (try? EmailAddress(validating: $0.email))?.normalized }
        let users = try await store.write { database -> [UserRecord?] in
            let found = try await UserRepository.find(emails: Array(Set(addresses.compactMap { $0 })), in: database)
            let byEmail = Dictionary(found.map { ($0.email, $0) }, uniquingKeysWith: { first, _ in first })
            var users: [UserRecord?] = []
            for (index, address) in addresses.enumerated() {
                let purpose = requests[index].purpose
                guard let address, let user = byEmail[address], purpose == .recovery || !user.isConfirmed else {
                    users.append(nil)
                    continue
                }
                var stored = minted[index].record
                stored.userId = user.id
                // A PKCE token is a flow of its own, bound to the challenge of whoever asked for
                // it: it cancels nothing, or a stranger's request would cancel the owner's link.
                // A plain request replaces only earlier plain links (the newest email works;
                // the send window keeps that from happening within one window).
                if requests[index].codeChallenge == nil {
                    try await OneTimeTokenRepository.deletePendingPlain(userId: user.id, purpose: purpose, in: database)
                }
                try await OneTimeTokenRepository.insert(stored, linkHash: minted[index].linkHash, now: now, in: database)
                if let pending = requests[index].pendingSignupId {
                    try await PendingSignupRepository.bind(id: pending, userId: user.id, tokenId: stored.id, in: database)
                }
                try await UserRepository.recordEmailSent(userId: user.id, purpose: purpose, at: now, in: database)
                users.append(user)
            }
            return users
        }
        return zip(requests, zip(minted, users)).map { request, pair in
            guard let user = pair.1 else { return nil }
            let issued = pair.0.issued
            let token = request.codeChallenge == nil ? issued.linkToken : OneTimeTokenHasher.pkcePrefix + issued.linkToken
            let appFlow = request.codeChallenge != nil || request.redirectTo != nil
            let context = EmailTemplates.Context(
                productName: configuration.mail.productName, email: user.email,
                link: link(purpose: request.purpose, token: token, redirectTo: request.redirectTo, appFlow: appFlow),
                code: issued.code, expiry: UserFacingText.duration(seconds: configuration.otpExpiry)
            )
            return (user, context)
        }
    }

    /// Where an email's button goes. Recovery defaults to the server's own reset page; when the
    /// app asked to be sent back (`redirect_to` or PKCE), or the configuration says so, the link
    /// goes through GoTrue's `/verify`, which redirects into the app with the session or code.
    func link(purpose: TokenPurpose, token: String, redirectTo: String?, appFlow: Bool) -> String {
        let base = configuration.externalURL
        let encodedToken = token.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? token
        if purpose == .recovery, configuration.recoveryLink == .page, !appFlow {
            return "\(base)/reset-password?token=\(encodedToken)"
        }
        var url = "\(base)/auth/v1/verify?token=\(encodedToken)&type=\(purpose.rawValue)"
        if let redirectTo {
            url += "&redirect_to=" + (redirectTo.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? redirectTo)
        }
        return url
    }
}

/// What an outbox job needs minted: a link and code of `purpose` for the account at `email`.
struct OneTimeTokenRequest: Sendable {
    var purpose: TokenPurpose
    var email: String
    var redirectTo: String?
    var codeChallenge: String?
    var codeChallengeMethod: String?
    /// For a confirmation: the sign-up (`pending_signups`) whose password the link applies.
    var pendingSignupId: UUID? = nil
}

extension CharacterSet {
    /// Characters that may stand unescaped in a query value.
    static let urlQueryValueAllowed: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~")
        return set
    }()
}
