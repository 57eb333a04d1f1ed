import Hummingbird

/// `accounts:signInWithPassword` (v3 `verifyPassword`). Wrong password and unknown address are
/// one `INVALID_LOGIN_CREDENTIALS` (Google's enumeration protection), a disabled account
/// `USER_DISABLED`; an unverified address signs in (Firebase's rule, unlike GoTrue's).
struct FirebaseSignInEndpoint {
    let adapter: FirebaseAdapter

    func signIn(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(FirebaseRequests.SignIn.self, from: request, context: context)
        let email = try FirebaseAdapter.email(body.email)
        let password = try FirebaseAdapter.password(body.password)
        let issued = try await adapter.service.sessions.signIn(
            email: email, password: password, client: context.client, requireConfirmedEmail: false)
        let tokens = try await adapter.tokens(user: issued.user, session: issued.session)
        return try JSONBody.response(
            FirebasePayloads.SignIn(
                localId: issued.user.id.lowercasedString, email: issued.user.email,
                displayName: FirebaseUserInfo.displayName(of: issued.user) ?? "", idToken: tokens.idToken,
                refreshToken: tokens.refreshToken, expiresIn: String(tokens.expiresIn)))
    }
}
