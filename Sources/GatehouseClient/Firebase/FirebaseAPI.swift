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

import Foundation
import GatehouseCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Identity Toolkit and Secure Token calls, one method each, stateless.
struct FirebaseAPI: Sendable {
    let endpoints: FirebaseEndpoints
    let http: APIRequester

    func signUp(email: String, password: String) async throws -> FirebaseTokenAnswer {
        try await call("signUp", FirebasePasswordRequest(email: email, password: password))
    }

    func signIn(email: String, password: String) async throws -> FirebaseTokenAnswer {
        try await call("signInWithPassword", FirebasePasswordRequest(email: email, password: password))
    }

    /// `accounts:lookup {idToken}`: the one user of the token.
    func lookup(idToken: String) async throws -> FirebaseUserInfo {
        let answer: FirebaseLookupAnswer = try await call("lookup", FirebaseIDTokenRequest(idToken: idToken))
        guard let users = answer.users, users.count == 1 else {
            throw AuthClientError.malformedResponse("accounts:lookup did not answer exactly one user")
        }
        return users[0]
    }

    /// `accounts:update {idToken, password, returnSecureToken}`: new tokens replace the old ones.
    func changePassword(idToken: String, password: String) async throws -> FirebaseTokenAnswer {
        try await call("update", FirebasePasswordChangeRequest(idToken: idToken, password: password))
    }

    /// `accounts:sendOobCode {requestType: PASSWORD_RESET, email, continueUrl?}`.
    func sendPasswordReset(email: String, continueURL: URL?) async throws {
        let _: FirebaseOobAnswer = try await call(
            "sendOobCode", FirebaseOobRequest(email: email, continueUrl: continueURL?.absoluteString))
    }

    /// `accounts:resetPassword {oobCode[, newPassword]}`: without a password it only checks the
    /// code; either way the answer names the account's address.
    func resetPassword(oobCode: String, newPassword: String?) async throws -> String {
        let answer: FirebaseResetAnswer = try await call("resetPassword", FirebaseResetRequest(oobCode: oobCode, newPassword: newPassword))
        guard let email = answer.email else { throw AuthClientError.malformedResponse("accounts:resetPassword answered no email") }
        return email
    }

    /// `POST <secureToken>/token` with the form `grant_type=refresh_token&refresh_token=…`.
    func refresh(refreshToken: String) async throws -> SecureTokenAnswer {
        var request = URLRequest(url: try endpoints.token())
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let form = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        request.httpBody = Data(form.map { "\($0)=\(Self.formEncoded($1))" }.joined(separator: "&").utf8)
        return try await decode(SecureTokenAnswer.self, request)
    }

    /// A form value: everything but RFC 3986's unreserved characters percent-encoded.
    static func formEncoded(_ value: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// `POST <identityToolkit>/accounts:<rpc>?key=` with a JSON body.
    func call<T: Decodable>(_ rpc: String, _ body: some Encodable) async throws -> T {
        var request = URLRequest(url: try endpoints.accounts(rpc))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            request.httpBody = try JSONEncoder().encode(body)
        } catch {
            throw AuthClientError.network("could not encode the request body")
        }
        return try await decode(T.self, request)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ request: URLRequest) async throws -> T {
        let result = try await http.send(request)
        guard result.isSuccess else { throw FirebaseErrorResponse.error(result) }
        do {
            return try JSONDecoder().decode(T.self, from: result.data)
        } catch {
            throw AuthClientError.malformedResponse("could not decode \(T.self)")
        }
    }
}
