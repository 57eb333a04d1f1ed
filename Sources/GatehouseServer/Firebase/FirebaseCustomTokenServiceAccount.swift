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
import JWTKit

/// A service account whose custom tokens `accounts:signInWithCustomToken` accepts: the
/// `client_email` firebase-admin writes as the tokens' `iss` and `sub`, the `private_key_id` it
/// writes as their `kid`, and the public half of the account's key. The file is the JSON
/// Google's console hands out (and firebase-admin's `credentials.Certificate` reads); its private
/// key is read only to derive the public key, which is all that is kept.
struct FirebaseServiceAccount: Sendable, Equatable {
    let clientEmail: String
    let keyId: String?
    let publicKey: Insecure.RSA.PublicKey

    private struct File: Decodable {
        var type: String?
        var clientEmail: String?
        var privateKeyId: String?
        var privateKey: String?

        enum CodingKeys: String, CodingKey {
            case type
            case clientEmail = "client_email"
            case privateKeyId = "private_key_id"
            case privateKey = "private_key"
        }
    }

    /// The accounts of a comma-separated list of files; `setting` names the variable in errors.
    static func load(paths raw: String, setting: String) throws(ConfigurationError) -> [FirebaseServiceAccount] {
        let paths = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !paths.isEmpty else { throw ConfigurationError.notValid(setting, raw) }
        var accounts: [FirebaseServiceAccount] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ConfigurationError("\(setting): \(path) cannot be read")
            }
            accounts.append(try parse(data, source: "\(setting): \(path)"))
        }
        return accounts
    }

    /// One service-account file's account. Errors name `source`, never the key.
    static func parse(_ data: Data, source: String) throws(ConfigurationError) -> FirebaseServiceAccount {
        guard let file = try? JSONDecoder().decode(File.self, from: data) else {
            throw ConfigurationError("\(source) is not a service-account JSON file")
        }
        if let type = file.type, type != "service_account" {
            throw ConfigurationError("\(source) is a \(type) credential, not a service account")
        }
        guard let email = file.clientEmail?.trimmingCharacters(in: .whitespaces), !email.isEmpty else {
            throw ConfigurationError("\(source) has no client_email")
        }
        guard let pem = file.privateKey, !pem.isEmpty else { throw ConfigurationError("\(source) has no private_key") }
        let key: Insecure.RSA.PrivateKey
        do {
            key = try Insecure.RSA.PrivateKey(pem: pem)
        } catch {
            throw ConfigurationError("\(source): private_key is not an RSA private key of at least 2048 bits in PEM")
        }
        let keyId = file.privateKeyId.flatMap { $0.isEmpty ? nil : $0 }
        return FirebaseServiceAccount(clientEmail: email, keyId: keyId, publicKey: key.publicKey)
    }
}
