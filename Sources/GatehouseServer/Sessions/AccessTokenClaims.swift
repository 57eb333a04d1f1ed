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
import JWTKit

/// The access token's claims, named and shaped as GoTrue's (tokens/service.go), so that code
/// written against Supabase (row-level security, `get_claims`) reads them unchanged.
struct AccessTokenClaims: JWTPayload, Equatable {
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim
    var iss: IssuerClaim
    var email: String
    var phone: String
    var appMetadata: [String: JSONValue]
    var userMetadata: [String: JSONValue]
    var role: String
    var aal: String
    var amr: [AuthenticationMethod]
    var sessionId: String
    var isAnonymous: Bool

    enum CodingKeys: String, CodingKey {
        case sub, aud, exp, iat, iss, email, phone, role, aal, amr
        case appMetadata = "app_metadata"
        case userMetadata = "user_metadata"
        case sessionId = "session_id"
        case isAnonymous = "is_anonymous"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}

extension AccessTokenClaims: JSONWritable {
    /// The claims as `JSONEncoder` with jwt-kit's settings writes them (times as whole seconds),
    /// without `Codable`: every sign-in and refresh signs one.
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field(CodingKeys.sub.stringValue, sub.value)
            writer.key(CodingKeys.aud.stringValue)
            // jwt-kit writes a single audience as a string, several as an array.
            if aud.value.count == 1 { writer.string(aud.value[0]) } else { writer.array(aud.value) { $0.string($1) } }
            writer.field(CodingKeys.exp.stringValue, Int64(exp.value.timeIntervalSince1970.rounded(.towardZero)))
            writer.field(CodingKeys.iat.stringValue, Int64(iat.value.timeIntervalSince1970.rounded(.towardZero)))
            writer.field(CodingKeys.iss.stringValue, iss.value)
            writer.field(CodingKeys.email.stringValue, email)
            writer.field(CodingKeys.phone.stringValue, phone)
            writer.field(CodingKeys.appMetadata.stringValue, appMetadata)
            writer.field(CodingKeys.userMetadata.stringValue, userMetadata)
            writer.field(CodingKeys.role.stringValue, role)
            writer.field(CodingKeys.aal.stringValue, aal)
            writer.field(CodingKeys.amr.stringValue, amr)
            writer.field(CodingKeys.sessionId.stringValue, sessionId)
            writer.field(CodingKeys.isAnonymous.stringValue, isAnonymous)
        }
    }
}

/// The claims the admin API needs: any token signed with the server secret whose `role` is
/// `service_role` (how Supabase's service key works). `exp` is optional, as in Supabase's keys.
struct RoleClaims: JWTPayload {
    var role: String?
    var exp: ExpirationClaim?

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp?.verifyNotExpired()
    }
}
