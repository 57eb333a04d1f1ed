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

/// `POST /factors`: enrols a TOTP factor for the caller.
struct FactorEnrollEndpoint {
    let service: GatehouseServices

    struct Body: Decodable {
        var factorType: String?
        var friendlyName: String?
        var issuer: String?

        enum CodingKeys: String, CodingKey {
            case issuer
            case factorType = "factor_type"
            case friendlyName = "friendly_name"
        }
    }

    /// GoTrue's answer; `friendly_name` always present (supabase-py requires a string), the QR
    /// code raw SVG (clients prefix `data:image/svg+xml;utf-8,` themselves).
    struct Answer: Encodable {
        struct TOTPDetails: Encodable {
            var qrCode: String
            var secret: String
            var uri: String

            enum CodingKeys: String, CodingKey {
                case secret, uri
                case qrCode = "qr_code"
            }
        }

        var id: String
        var type = "totp"
        var friendlyName: String
        var totp: TOTPDetails

        enum CodingKeys: String, CodingKey {
            case id, type, totp
            case friendlyName = "friendly_name"
        }
    }

    func enroll(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        let enrolled = try await service.mfa.enroll(
            context.caller, factorType: body.factorType, friendlyName: body.friendlyName, issuer: body.issuer)
        return try JSONBody.response(
            Answer(
                id: enrolled.factor.id.lowercasedString, friendlyName: enrolled.factor.friendlyName,
                totp: .init(qrCode: enrolled.qrCodeSVG, secret: enrolled.secret, uri: enrolled.uri)))
    }
}
