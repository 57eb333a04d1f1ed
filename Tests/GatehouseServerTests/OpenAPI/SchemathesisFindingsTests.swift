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
import HTTPTypes
import NIOCore
import Testing

@testable import GatehouseServer

/// What schemathesis found against the OpenAPI document (Conformance/test_openapi.py), each
/// pinned here through the router so it stays fixed.
@Suite("Schemathesis findings")
struct SchemathesisFindingsTests {
    @Test("an unknown asset is GoTrue's JSON 404, as every unknown route is (it was an empty body without a Content-Type)")
    func unknownAsset() async throws {
        try await TestServer.run(.sqlite) { api in
            let missing = try await api.atRoot.send(.get, "/assets/0")
            #expect(missing.status == .notFound)
            #expect(missing.header("Content-Type") == "application/json", "\(missing.headers)")
            #expect(missing.errorCode == "not_found", "\(missing)")
        }
    }

    @Test("a NUL in the query of a Firebase, Edge Function or REST route is refused in that adapter's envelope, not GoTrue's")
    func queryGuardSpeaksEachEnvelope() async throws {
        try await TestServer.run(.sqlite) { api in
            func post(_ path: String) async throws -> Reply {
                Reply(
                    try await api.client.executeRequest(
                        uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}")))
            }
            for path in [
                "/securetoken.googleapis.com/v1/token?key=k&x=%00", "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=%00",
                "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyPassword?key=%FF",
            ] {
                let reply = try await post(path)
                #expect(reply.status == .badRequest, "\(path): \(reply)")
                #expect(reply.json?["error"]?["code"]?.intValue == 400, "\(path): \(reply)")
            }
            for path in ["/functions/v1/send-reset-email?x=%00", "/api/request_password_reset?x=%00", "/api/reset_password?x=%00"] {
                let reply = try await post(path)
                #expect(reply.status == .badRequest, "\(path): \(reply)")
                #expect(reply["success"]?.boolValue == false && reply["error"]?.stringValue != nil, "\(path): \(reply)")
                #expect(reply["error_code"] == nil, "\(path): \(reply)")
            }
            // GoTrue's own routes keep GoTrue's body.
            let gotrue = try await api.send(.post, "/recover?x=%00", json: ["email": "a@example.com"])
            #expect(gotrue.status == .badRequest && gotrue.errorCode == "validation_failed", "\(gotrue)")
        }
    }
}
