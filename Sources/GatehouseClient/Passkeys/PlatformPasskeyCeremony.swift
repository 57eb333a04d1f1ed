#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation

    /// The platform's passkeys (`ASAuthorizationPlatformPublicKeyCredentialProvider`): Face ID,
    /// Touch ID or the passcode, iCloud Keychain's synced passkeys, or a phone nearby. The RP id
    /// must be an associated domain of the app (`webcredentials:<rp id>` in its entitlements,
    /// and the site's apple-app-site-association listing the app).
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, visionOS 1.0, *)
    public final class PlatformPasskeyCeremony: PasskeyCeremony {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
        private let preferImmediatelyAvailableCredentials: Bool

        /// - Parameters:
        ///   - anchor: the window the system sheet is shown over.
        ///   - preferImmediatelyAvailableCredentials: sign-in looks only at passkeys on this device
        ///     and ends at once with `PasskeyCeremonyError.noCredentials` when there are none,
        ///     instead of offering a phone nearby.
        public init(
            preferImmediatelyAvailableCredentials: Bool = false, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
        ) {
            self.anchor = anchor
            self.preferImmediatelyAvailableCredentials = preferImmediatelyAvailableCredentials
        }

        public func register(_ options: PasskeyRegistrationOptions) async throws -> RegistrationCredential {
            guard let rpId = options.relyingPartyId, let challenge = options.challengeBytes, let userID = options.userIdBytes else {
                throw PasskeyCeremonyError.failed("the registration options lack rp.id, challenge or user.id")
            }
            let name = options.userName ?? options.userDisplayName ?? ""
            let result = try await AuthorizationRun.perform(anchor: anchor, immediate: false) {
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: rpId)
                let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: name, userID: userID)
                request.userVerificationPreference = .preferred
                return request
            }
            guard let registration = result as? ASAuthorizationPlatformPublicKeyCredentialRegistration,
                let attestation = registration.rawAttestationObject
            else { throw PasskeyCeremonyError.failed("the platform returned no attestation") }
            return RegistrationCredential(
                credentialID: registration.credentialID, clientDataJSON: registration.rawClientDataJSON,
                attestationObject: attestation, transports: ["internal", "hybrid"], authenticatorAttachment: "platform")
        }

        public func assert(_ options: PasskeyAuthenticationOptions) async throws -> AssertionCredential {
            guard let rpId = options.relyingPartyId, let challenge = options.challengeBytes else {
                throw PasskeyCeremonyError.failed("the authentication options lack rpId or challenge")
            }
            let result = try await AuthorizationRun.perform(anchor: anchor, immediate: preferImmediatelyAvailableCredentials) {
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: rpId)
                let request = provider.createCredentialAssertionRequest(challenge: challenge)
                request.userVerificationPreference = .preferred
                return request
            }
            guard let assertion = result as? ASAuthorizationPlatformPublicKeyCredentialAssertion else {
                throw PasskeyCeremonyError.failed("the platform returned no assertion")
            }
            return AssertionCredential(
                credentialID: assertion.credentialID, clientDataJSON: assertion.rawClientDataJSON,
                authenticatorData: assertion.rawAuthenticatorData, signature: assertion.signature,
                userHandle: assertion.userID, authenticatorAttachment: "platform")
        }
    }

    /// One `ASAuthorizationController` run, its delegate callbacks turned into an async result.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, visionOS 1.0, *)
    @MainActor
    private final class AuthorizationRun: NSObject, ASAuthorizationControllerDelegate,
        ASAuthorizationControllerPresentationContextProviding
    {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
        private var continuation: CheckedContinuation<any ASAuthorizationCredential, any Error>?

        private init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.anchor = anchor
        }

        static func perform(
            anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor, immediate: Bool,
            request: @escaping @MainActor @Sendable () -> ASAuthorizationRequest
        ) async throws -> any ASAuthorizationCredential {
            let run = AuthorizationRun(anchor: anchor)
            let controller = ASAuthorizationController(authorizationRequests: [request()])
            controller.delegate = run
            controller.presentationContextProvider = run
            // Leaving the screen cancels the task: the sheet goes away with it.
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    run.continuation = continuation
                    if immediate {
                        controller.performRequests(options: .preferImmediatelyAvailableCredentials)
                    } else {
                        controller.performRequests()
                    }
                }
            } onCancel: { [box = ControllerBox(controller)] in
                Task { @MainActor in box.controller.cancel() }
            }
        }

        func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor { anchor() }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
            continuation?.resume(returning: authorization.credential)
            continuation = nil
        }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
            continuation?.resume(throwing: Self.ceremonyError(error))
            continuation = nil
        }

        /// The platform's errors in the ceremony's words: a dismissed sheet is `cancelled`.
        static func ceremonyError(_ error: any Error) -> any Error {
            guard let error = error as? ASAuthorizationError else { return PasskeyCeremonyError.failed(String(describing: error)) }
            switch error.code {
            case .canceled: return Task.isCancelled ? CancellationError() : PasskeyCeremonyError.cancelled
            case .notInteractive: return PasskeyCeremonyError.noCredentials
            case .notHandled: return PasskeyCeremonyError.notSupported
            default: return PasskeyCeremonyError.failed(error.localizedDescription)
            }
        }
    }

    /// Carries the controller to the cancellation handler, which hops back to the main actor
    /// before touching it.
    private final class ControllerBox: @unchecked Sendable {
        let controller: ASAuthorizationController
        init(_ controller: ASAuthorizationController) { self.controller = controller }
    }
#endif
