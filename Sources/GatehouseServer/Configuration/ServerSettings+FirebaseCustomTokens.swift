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

extension ServerSettings {
    static let firebaseCustomTokens: [any SettingDescription] = [firebaseServiceAccountFile]

    static let firebaseServiceAccountFile = Setting<[FirebaseServiceAccount]>(
        "GATEHOUSE_FIREBASE_SERVICE_ACCOUNT_FILE", default: [],
        shown: "unset: `signInWithCustomToken` answers `OPERATION_NOT_ALLOWED`",
        accepted: "comma-separated paths of Google service-account JSON files",
        help: "the service accounts whose custom tokens (firebase-admin's `create_custom_token`) "
            + "`accounts:signInWithCustomToken` accepts: RS256, `iss` = `sub` = the file's `client_email`, the signature "
            + "checked with the public half of its `private_key` (the only part kept); several files for a key rotation"
    ) { raw in
        try FirebaseServiceAccount.load(paths: raw, setting: "GATEHOUSE_FIREBASE_SERVICE_ACCOUNT_FILE")
    }
}
