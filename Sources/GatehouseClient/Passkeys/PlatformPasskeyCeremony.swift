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
        ///   - preferImmediatelyAvailableCredentials: sign-in looks only at passkeys on this device
        ///     and ends at once with `PasskeyCeremonyError.noCredentials` when there are none,
        ///     instead of offering a phone nearby.
        ///   - anchor: the window the system sheet is shown over.
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
            let outcome = try await AuthorizationRun.perform(anchor: anchor, immediate: false) {
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: rpId)
                let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: name, userID: userID)
                request.userVerificationPreference = .preferred
                return request
            }
            guard case .registration(let credential) = outcome else {
                throw PasskeyCeremonyError.failed("the platform returned no registration")
            }
            return credential
        }

        public func assert(_ options: PasskeyAuthenticationOptions) async throws -> AssertionCredential {
            guard let rpId = options.relyingPartyId, let challenge = options.challengeBytes else {
                throw PasskeyCeremonyError.failed("the authentication options lack rpId or challenge")
            }
            let outcome = try await AuthorizationRun.perform(anchor: anchor, immediate: preferImmediatelyAvailableCredentials) {
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: rpId)
                let request = provider.createCredentialAssertionRequest(challenge: challenge)
                request.userVerificationPreference = .preferred
                return request
            }
            guard case .assertion(let credential) = outcome else {
                throw PasskeyCeremonyError.failed("the platform returned no assertion")
            }
            return credential
        }
    }

    /// What a run produced, already encoded to W3C JSON (so nothing non-Sendable leaves the main actor).
    private enum PlatformOutcome: Sendable {
        case registration(RegistrationCredential)
        case assertion(AssertionCredential)
    }

    /// One `ASAuthorizationController` run, its delegate callbacks turned into an async result.
    /// Runs are kept in `running` until they end: the controller holds its delegate weakly.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, visionOS 1.0, *)
    @MainActor
    private final class AuthorizationRun: NSObject {
        private static var running: [ObjectIdentifier: AuthorizationRun] = [:]

        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
        private let controller: ASAuthorizationController
        private var continuation: CheckedContinuation<PlatformOutcome, any Error>?

        private init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor, request: ASAuthorizationRequest) {
            self.anchor = anchor
            controller = ASAuthorizationController(authorizationRequests: [request])
        }

        static func perform(
            anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor, immediate: Bool,
            request: @escaping @MainActor @Sendable () -> ASAuthorizationRequest
        ) async throws -> PlatformOutcome {
            let run = AuthorizationRun(anchor: anchor, request: request())
            let key = ObjectIdentifier(run)
            running[key] = run
            defer { running[key] = nil }
            run.controller.delegate = run
            run.controller.presentationContextProvider = run
            // Leaving the screen cancels the task: the sheet goes away with it.
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    run.continuation = continuation
                    if immediate {
                        run.controller.performRequests(options: .preferImmediatelyAvailableCredentials)
                    } else {
                        run.controller.performRequests()
                    }
                }
            } onCancel: {
                Task { @MainActor in running[key]?.cancelForTask() }
            }
        }

        /// Set when the awaiting task was cancelled: the platform's "canceled" then means that.
        private var cancelledByTask = false

        private func cancelForTask() {
            cancelledByTask = true
            controller.cancel()
        }

        fileprivate func finish(_ result: Result<PlatformOutcome, any Error>) {
            continuation?.resume(with: result)
            continuation = nil
        }

        /// The platform's credential as W3C JSON.
        fileprivate static func outcome(of credential: any ASAuthorizationCredential) throws -> PlatformOutcome {
            if let registration = credential as? ASAuthorizationPlatformPublicKeyCredentialRegistration {
                guard let attestation = registration.rawAttestationObject else {
                    throw PasskeyCeremonyError.failed("the platform returned no attestation")
                }
                return .registration(
                    RegistrationCredential(
                        credentialID: registration.credentialID, clientDataJSON: registration.rawClientDataJSON,
                        attestationObject: attestation, transports: ["internal", "hybrid"], authenticatorAttachment: "platform"))
            }
            if let assertion = credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion {
                return .assertion(
                    AssertionCredential(
                        credentialID: assertion.credentialID, clientDataJSON: assertion.rawClientDataJSON,
                        authenticatorData: assertion.rawAuthenticatorData, signature: assertion.signature,
                        userHandle: assertion.userID, authenticatorAttachment: "platform"))
            }
            throw PasskeyCeremonyError.failed("the platform returned another kind of credential")
        }

        /// The platform's errors in the ceremony's words: a dismissed sheet is `cancelled`, a
        /// sheet taken away because the task was cancelled is `CancellationError`.
        fileprivate func ceremonyError(_ error: any Error) -> any Error {
            guard let error = error as? ASAuthorizationError else { return PasskeyCeremonyError.failed(String(describing: error)) }
            switch error.code {
            case .canceled: return cancelledByTask ? CancellationError() : PasskeyCeremonyError.cancelled
            case .notInteractive: return PasskeyCeremonyError.noCredentials
            case .notHandled: return PasskeyCeremonyError.notSupported
            default: return PasskeyCeremonyError.failed(error.localizedDescription)
            }
        }
    }

    // `@preconcurrency`: the SDKs that do not yet mark these protocols main-actor still call them
    // on the main thread.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, visionOS 1.0, *)
    extension AuthorizationRun: @preconcurrency ASAuthorizationControllerDelegate {
        func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
            finish(Result { try Self.outcome(of: authorization.credential) })
        }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
            finish(.failure(ceremonyError(error)))
        }
    }

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, visionOS 1.0, *)
    extension AuthorizationRun: @preconcurrency ASAuthorizationControllerPresentationContextProviding {
        func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor { anchor() }
    }
#endif
