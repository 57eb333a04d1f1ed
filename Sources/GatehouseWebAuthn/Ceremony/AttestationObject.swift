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

/// The CBOR attestation object of a registration (W3C WebAuthn §6.5): `{fmt, attStmt, authData}`.
public struct AttestationObject: Sendable {
    public let format: String
    public let statement: CBORValue
    public let authenticatorData: AuthenticatorData

    /// Checklist step 3 (and, through `AuthenticatorData`, the parsing half of step 4).
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        let value: CBORValue
        do { value = try CBORDecoder().decode(bytes) } catch { throw .malformedAttestationObject(error) }
        guard value.mapEntries != nil,
            let format = value[textKey: "fmt"]?.textValue,
            let statement = value[textKey: "attStmt"], statement.mapEntries != nil,
            let authData = value[textKey: "authData"]?.bytesValue
        else { throw .malformedAttestationObject(nil) }
        self.format = format
        self.statement = statement
        authenticatorData = try AuthenticatorData(bytes: authData)
    }
}
