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

/// Checklist step 1, shared by both ceremonies: `id` and `rawId` are base64url of the same
/// bytes, `type` is `public-key`; and the decoding of the other binary fields.
enum CredentialFields {
    static func credentialID(id: String?, rawId: String?, type: String?) throws(WebAuthnError) -> [UInt8] {
        let idBytes = try decode(id, field: "id")
        let rawIDBytes = try decode(rawId, field: "rawId")
        guard idBytes == rawIDBytes else { throw .credentialIDMismatch }
        guard let type else { throw .malformedCredential(field: "type") }
        guard type == "public-key" else { throw .wrongCredentialType(type) }
        guard !rawIDBytes.isEmpty, rawIDBytes.count <= AuthenticatorData.maximumCredentialIDLength else {
            throw .malformedCredential(field: "rawId")
        }
        return rawIDBytes
    }

    /// A required base64url field's bytes.
    static func decode(_ text: String?, field: String) throws(WebAuthnError) -> [UInt8] {
        guard let text, let bytes = Base64URL.decode(text) else { throw .malformedCredential(field: field) }
        return bytes
    }
}
