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
import GatehouseClient
import GatehouseCore
import Testing

/// The SDK reads the answers GatehouseCore's shapes write (the types the server encodes).
@Suite("The SDK reads Core's response shapes")
struct SharedWireShapesTests {
    static func data(_ value: some Encodable) throws -> Data { try JSONEncoder().encode(value) }

    @Test func settingsAreReadIntoAuthSettings() throws {
        let sent = SettingsPayload.gatehouse(disableSignup: true, mailerAutoconfirm: false, passwordMinLength: 10, mailerOtpExp: 900)
        let read = try JSONDecoder().decode(AuthSettings.self, from: Self.data(sent))
        #expect(read == sent)
        #expect(read.disableSignup == true && read.mailerAutoconfirm == false)
        #expect(read.passwordMinLength == 10 && read.mailerOtpExp == 900)
        // Another GoTrue may leave fields out.
        #expect(try JSONDecoder().decode(AuthSettings.self, from: Data("{}".utf8)) == AuthSettings())
    }

    @Test func theResetAPIsNewShapeIsReadWithItsDetails() throws {
        let sent = ResetAPIEnvelope(success: true, data: ResetAPIData(message: "On its way", linkExpiresIn: 3600))
        let read = try #require(ForgotPasswordResponse(data: Self.data(sent)))
        #expect(read.status && !read.isLegacy)
        #expect(read.message == "On its way")
        #expect(read.resetMethod == "email_link" && read.resetLinkSent == true && read.linkExpiresIn == 3600)
    }

    @Test func theResetAPIsLegacyShapeIsReadAsLegacy() throws {
        let sent = ResetAPIEnvelope(success: true, data: LegacyResetAPIData(message: "On its way"))
        let read = try #require(ForgotPasswordResponse(data: Self.data(sent)))
        #expect(read.status && read.isLegacy)
        #expect(read.message == "On its way")
    }

    @Test func aFailedResetEnvelopeLeavesOutItsData() throws {
        let sent = ResetAPIEnvelope<ResetAPIData>(success: false, error: "validation_failed", message: "Please enter your email address")
        let object = try #require(try JSONDecoder().decode(JSONValue.self, from: Self.data(sent)).objectValue)
        #expect(Set(object.keys) == ["success", "error", "message"])
    }
}
