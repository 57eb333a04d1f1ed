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

/// Firebase answers for the Firebase tests (played through `ScriptedGoTrue`, which records
/// every request).
enum ScriptedFirebase {
    static let base = URL(string: "https://auth.example.com")!
    static let endpoints = FirebaseEndpoints.server(baseURL: base, apiKey: "web-key")

    /// Firebase's error envelope.
    static func error(_ message: String, status: Int = 400) -> ScriptedGoTrue.Answer {
        let name = message.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? message
        return .json(
            #"{"error":{"code":\#(status),"message":"\#(message)","errors":[{"message":"\#(name)","domain":"global","reason":"invalid"}]}}"#,
            status: status)
    }

    static func tokens(idToken: String = "id-1", refreshToken: String = "refresh-1", kind: String = "VerifyPasswordResponse") -> String {
        #"{"kind":"identitytoolkit#\#(kind)","localId":"uid-1","email":"alice@example.com","displayName":"","idToken":"\#(idToken)","registered":true,"refreshToken":"\#(refreshToken)","expiresIn":"3600"}"#
    }

    static let lookup =
        #"{"kind":"identitytoolkit#GetAccountInfoResponse","users":[{"localId":"uid-1","email":"alice@example.com","emailVerified":false,"passwordHash":"UkVEQUNURUQ=","passwordUpdatedAt":1767000000000,"validSince":"1767000000","disabled":false,"lastLoginAt":"1767000500000","createdAt":"1767000000000","providerUserInfo":[{"providerId":"password","email":"alice@example.com","federatedId":"alice@example.com","rawId":"alice@example.com"}]}]}"#

    static let resetAnswer = #"{"kind":"identitytoolkit#ResetPasswordResponse","email":"alice@example.com","requestType":"PASSWORD_RESET"}"#
    static let oobAnswer = #"{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"alice@example.com"}"#

    /// Answers by RPC name (`signUp`, `signInWithPassword`, `lookup`, `update`, `sendOobCode`,
    /// `resetPassword`, `token`); anything unscripted is a 404.
    static func server(_ answers: [String: ScriptedGoTrue.Answer]) -> ScriptedGoTrue {
        ScriptedGoTrue { request in
            let last = request.url?.lastPathComponent ?? ""
            let rpc = last.hasPrefix("accounts:") ? String(last.dropFirst("accounts:".count)) : last
            return answers[rpc] ?? .json(#"{"error":{"code":404,"message":"NOT_FOUND"}}"#, status: 404)
        }
    }

    static func client(_ server: ScriptedGoTrue, clock: FixedClock, storage: any SessionStorage = MemorySessionStorage())
        -> FirebaseAuthClient
    {
        var configuration = FirebaseAuthConfiguration(endpoints: endpoints, storage: storage)
        configuration.transport = server
        configuration.now = { clock.now }
        configuration.continueURL = URL(string: "https://app.example.com/after-reset")
        return FirebaseAuthClient(configuration: configuration)
    }
}
