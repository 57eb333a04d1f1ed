//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import GatehouseCore
import Hummingbird

/// Every route of the GoTrue adapter, with its middleware, in one list. The router mounts it
/// twice: at the root (self-hosted GoTrue) and under `/auth/v1` (behind Supabase's gateway), so a
/// client given either base URL works.
///
/// Middleware runs in the order listed, before the handler: a rate limit first (a refused
/// request reads nothing), then authentication, then the handler decodes the body.
struct GoTrueRoutes {
    let service: GatehouseServices
    let limits: RateLimits

    func collection() -> RouteCollection<GatehouseRequestContext> {
        let routes = RouteCollection(context: GatehouseRequestContext.self)
        let otp = RateLimitMiddleware(limits.otp)
        let token = RateLimitMiddleware(limits.token)
        let verifyLimit = RateLimitMiddleware(limits.verify)
        let user = BearerAuthenticationMiddleware(service: service)
        let admin = AdminAuthorizationMiddleware(service: service)

        let signup = SignupEndpoint(service: service)
        let tokens = TokenEndpoint(service: service)
        let recover = RecoverEndpoint(service: service)
        let verify = VerifyEndpoint(service: service)
        let profile = UserEndpoint(service: service)
        let logout = LogoutEndpoint(service: service)
        let reauthenticate = ReauthenticateEndpoint(service: service)
        let settings = SettingsEndpoint(service: service)
        let health = HealthEndpoint()
        let adminUsers = AdminUsersEndpoint(service: service)
        let adminMail = AdminMailEndpoint(service: service)
        let adminAudit = AdminAuditEndpoint(service: service)
        let jwks = JWKSEndpoint(service: service)
        let magicLink = OTPEndpoint(service: service)
        let invite = InviteEndpoint(service: service)
        let generateLink = GenerateLinkEndpoint(service: service)
        let enrollFactor = FactorEnrollEndpoint(service: service)
        let challengeFactor = FactorChallengeEndpoint(service: service)
        let verifyFactor = FactorVerifyEndpoint(service: service)
        let unenrollFactor = FactorUnenrollEndpoint(service: service)
        let adminFactors = AdminFactorsEndpoint(service: service)
        let passkeyGate = PasskeyFeatureGate<GatehouseRequestContext>(enabled: service.configuration.passkeys.enabled)
        let passkeyLimit = RateLimitMiddleware(limits.passkey)
        let registerPasskey = PasskeyRegistrationOptionsEndpoint(service: service)
        let verifyPasskeyRegistration = PasskeyRegistrationVerifyEndpoint(service: service)
        let passkeySignIn = PasskeyAuthenticationOptionsEndpoint(service: service)
        let verifyPasskeySignIn = PasskeyAuthenticationVerifyEndpoint(service: service)
        let listPasskeys = PasskeyListEndpoint(service: service)
        let renamePasskey = PasskeyRenameEndpoint(service: service)
        let deletePasskey = PasskeyDeleteEndpoint(service: service)
        let adminPasskeys = AdminPasskeysEndpoint(service: service)
        let providerRedirect = AuthorizeEndpoint(service: service)
        let providerCallback = CallbackEndpoint(service: service)
        let identities = IdentitiesEndpoint(service: service)

        // Public.
        routes.get("settings") { try await settings.show($0, context: $1) }
        routes.get("health") { try await health.show($0, context: $1) }
        routes.get(".well-known/jwks.json") { try await jwks.show($0, context: $1) }
        // Signing up and in.
        routes.with(otp).post("signup") { try await signup.signUp($0, context: $1) }
        // The id_token grant's `link_identity` names the caller by a bearer token: read here, with
        // the route, and resolved by the session service like every bearer.
        routes.with(token).post("token") { try await tokens.grant($0, context: $1, bearer: $0.headers.bearerToken) }
        // "Send me an email", and the links and codes those emails carry.
        routes.with(otp).post("recover") { try await recover.recover($0, context: $1) }
        routes.with(otp).post("resend") { try await recover.resend($0, context: $1) }
        routes.with(verifyLimit).get("verify") { try await verify.showLink($0, context: $1) }
        routes.head("verify") { try await verify.probe($0, context: $1) }
        routes.with(verifyLimit).post("verify") { try await verify.verify($0, context: $1) }
        // The signed-in user.
        routes.signedIn(user).get("user") { try await profile.show($0, context: $1) }
        routes.signedIn(user, after: otp).put("user") { try await profile.update($0, context: $1) }
        routes.signedIn(user).post("logout") { try await logout.signOut($0, context: $1) }
        routes.signedIn(user, after: otp).get("reauthenticate") { try await reauthenticate.requestNonce($0, context: $1) }
        // The admin API.
        routes.with(admin).post("admin/users") { try await adminUsers.create($0, context: $1) }
        routes.with(admin).get("admin/users") { try await adminUsers.list($0, context: $1) }
        routes.with(admin).get("admin/users/:id") { try await adminUsers.show($0, context: $1) }
        routes.with(admin).put("admin/users/:id") { try await adminUsers.update($0, context: $1) }
        routes.with(admin).delete("admin/users/:id") { try await adminUsers.delete($0, context: $1) }
        routes.with(admin).get("admin/mail") { try await adminMail.status($0, context: $1) }
        routes.with(admin).get("admin/audit") { try await adminAudit.list($0, context: $1) }
        // Magic links and email codes, invitations, and links an admin delivers themselves.
        routes.with(otp).post("otp") { try await magicLink.request($0, context: $1) }
        routes.with(otp).post("magiclink") { try await magicLink.request($0, context: $1) }
        routes.with(admin).post("invite") { try await invite.invite($0, context: $1) }
        routes.with(admin).post("admin/invite") { try await invite.invite($0, context: $1) }
        routes.with(admin).post("admin/generate_link") { try await generateLink.generate($0, context: $1) }
        // MFA (TOTP factors); challenge and verify share the `verify` bucket.
        routes.signedIn(user, after: otp).post("factors") { try await enrollFactor.enroll($0, context: $1) }
        routes.signedIn(user, after: verifyLimit).post("factors/:id/challenge") { try await challengeFactor.challenge($0, context: $1) }
        routes.signedIn(user, after: verifyLimit).post("factors/:id/verify") { try await verifyFactor.verify($0, context: $1) }
        routes.signedIn(user).delete("factors/:id") { try await unenrollFactor.unenroll($0, context: $1) }
        routes.with(admin).get("admin/users/:id/factors") { try await adminFactors.list($0, context: $1) }
        routes.with(admin).put("admin/users/:id/factors/:factor_id") { try await adminFactors.update($0, context: $1) }
        routes.with(admin).delete("admin/users/:id/factors/:factor_id") { try await adminFactors.delete($0, context: $1) }
        // Passkeys: gated by the feature switch first (404 passkey_disabled); sign-in options
        // behind their own bucket; the admin routes are not gated.
        routes.signedIn(user, after: passkeyGate).post("passkeys/registration/options") { try await registerPasskey.start($0, context: $1) }
        routes.signedIn(user, after: passkeyGate).post("passkeys/registration/verify") {
            try await verifyPasskeyRegistration.verify($0, context: $1)
        }
        routes.with(passkeyGate, passkeyLimit).post("passkeys/authentication/options") { try await passkeySignIn.start($0, context: $1) }
        routes.with(passkeyGate).post("passkeys/authentication/verify") { try await verifyPasskeySignIn.verify($0, context: $1) }
        routes.signedIn(user, after: passkeyGate).get("passkeys") { try await listPasskeys.list($0, context: $1) }
        routes.signedIn(user, after: passkeyGate).patch("passkeys/:id") { try await renamePasskey.rename($0, context: $1) }
        routes.signedIn(user, after: passkeyGate).delete("passkeys/:id") { try await deletePasskey.delete($0, context: $1) }
        routes.with(admin).get("admin/users/:id/passkeys") { try await adminPasskeys.list($0, context: $1) }
        routes.with(admin).delete("admin/users/:id/passkeys/:passkey_id") { try await adminPasskeys.delete($0, context: $1) }
        // Sign-in with a provider (the web redirect flow; the callback is a sign-in, so the token
        // bucket), and the signed-in user's identities.
        routes.with(token).get("authorize") { try await providerRedirect.authorize($0, context: $1) }
        routes.with(token).get("callback") { try await providerCallback.callback($0, context: $1) }
        routes.with(token).post("callback") { try await providerCallback.callback($0, context: $1) }
        routes.signedIn(user).get("user/identities/authorize") { try await identities.authorize($0, context: $1) }
        routes.signedIn(user).delete("user/identities/:identity_id") { try await identities.delete($0, context: $1) }
        return routes
    }
}
