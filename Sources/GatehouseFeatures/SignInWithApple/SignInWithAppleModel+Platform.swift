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

    extension AppleIDCredential {
        public init(_ credential: ASAuthorizationAppleIDCredential) {
            self.init(
                user: credential.user, identityToken: credential.identityToken, fullName: credential.fullName, email: credential.email)
        }
    }

    extension SignInWithAppleModel {
        /// `SignInWithAppleButton`'s `onRequest`: the name and email scopes, and the hash of a
        /// fresh nonce (`nonceForRequest()`).
        public func prepare(_ request: ASAuthorizationAppleIDRequest) {
            request.requestedScopes = [.fullName, .email]
            request.nonce = nonceForRequest()
        }

        /// `SignInWithAppleButton`'s `onCompletion`, in the model's terms: a closed sheet is
        /// `SignInWithAppleError.cancelled`.
        public static func outcome(of result: Result<ASAuthorization, any Error>) -> Result<AppleIDCredential, any Error> {
            switch result {
            case .success(let authorization):
                guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential else {
                    return .failure(SignInWithAppleError.failed("the authorization is not an Apple ID credential"))
                }
                return .success(AppleIDCredential(credential))
            case .failure(let error as ASAuthorizationError) where error.code == .canceled:
                return .failure(SignInWithAppleError.cancelled)
            case .failure(let error):
                return .failure(SignInWithAppleError.failed(String(describing: error)))
            }
        }
    }
#endif
