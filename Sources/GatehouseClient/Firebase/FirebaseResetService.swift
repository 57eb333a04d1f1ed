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

/// Spec 001's reset service on Firebase's Identity Toolkit REST API, against Google's service or
/// any server that serves its paths (Gatehouse): `accounts:sendOobCode` asks for the email,
/// `accounts:resetPassword` checks a code and sets the new password.
///
/// `EMAIL_NOT_FOUND` (a project without enumeration protection) reads as sent, as every reset
/// service does: the page never tells which addresses are registered. Firebase's other error
/// names map to the specs' texts through `AuthClientError.userFacingMessage`.
public struct FirebaseResetService: PasswordResetService {
    private let api: FirebaseAPI
    private let continueURL: URL?
    private let linkLifetime: Int?

    /// - Parameters:
    ///   - endpoints: `.google(apiKey:)` or `.server(baseURL:apiKey:)` (Gatehouse).
    ///   - continueURL: where the reset page sends the person afterwards (`continueUrl`).
    ///   - linkLifetime: the link's lifetime in seconds, when the app knows it (Google's is 1 h,
    ///     Gatehouse's its `GATEHOUSE_…` setting): Firebase's answer does not say it.
    public init(
        endpoints: FirebaseEndpoints, continueURL: URL? = nil, linkLifetime: Int? = nil, timeout: TimeSpan = .seconds(30),
        transport: any HTTPTransport = URLSessionTransport()
    ) {
        self.api = FirebaseAPI(endpoints: endpoints, http: APIRequester(transport: transport, timeout: timeout))
        self.continueURL = continueURL
        self.linkLifetime = linkLifetime
    }

    public func requestPasswordReset(for email: EmailAddress) async throws -> PasswordResetReceipt {
        do {
            try await api.sendPasswordReset(email: email.normalized, continueURL: continueURL)
        } catch let error as AuthClientError where AccountNotFound.matches(error) {
            // `EMAIL_NOT_FOUND`: shown as sent, the same as for a registered address.
        }
        return PasswordResetReceipt(linkExpiresIn: linkLifetime)
    }

    /// Checks a reset code (the `oobCode` of the emailed link) without using it up; answers the
    /// address whose password it resets. `INVALID_OOB_CODE` / `EXPIRED_OOB_CODE` → the
    /// invalid-link text.
    public func verifyResetCode(_ oobCode: String) async throws -> String {
        try await api.resetPassword(oobCode: oobCode, newPassword: nil)
    }

    /// Sets the new password with the code (which is then spent) and answers the account's
    /// address. Firebase signs the account out everywhere; sign in again with the new password.
    @discardableResult
    public func confirmReset(oobCode: String, newPassword: String) async throws -> String {
        try await api.resetPassword(oobCode: oobCode, newPassword: newPassword)
    }
}
