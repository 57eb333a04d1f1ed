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

/// What the account page's passkey list needs of a client (`AuthClient` is the live one).
public protocol PasskeyManaging: Sendable {
    func listPasskeys() async throws -> [Passkey]
    func registerPasskey(using ceremony: any PasskeyCeremony) async throws -> Passkey
    func renamePasskey(id: String, friendlyName: String) async throws -> Passkey
    func deletePasskey(id: String) async throws
}

extension AuthClient: PasskeyManaging {}
