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
import GatehouseCore
import Hummingbird

/// `accounts:batchCreate` (v3 `uploadAccount`): firebase-admin's `import_users`, for an
/// administrator. The users are Firebase's `UserInfo` objects (the records of an
/// `auth:export` file, read by the same reader as `gatehouse users import`), the hash
/// parameters the request's top-level fields. Each user is imported or named in `error[]`
/// (`{index, message}`) as Google answers; the request fails as a whole only when it cannot
/// be read, names no users or more than a thousand, or its hash parameters are unusable.
struct FirebaseBatchCreateEndpoint {
    let adapter: FirebaseAdapter

    /// firebase-admin's own bound on one call.
    static let maximumUsers = 1000

    /// The request, read once: its own fields, the users as the export reader reads them, and
    /// the hash parameters from the same top-level fields (`FirebaseHashParameters`).
    struct Parameters: Decodable {
        var hashAlgorithm: String?
        var allowOverwrite: Bool?
        var users: [FirebaseExportReader.User]?
        /// Read only when `hashAlgorithm` is there; a failure is kept, as it has its own answer.
        var hash: Result<FirebaseHashParameters, any Error>?

        private enum CodingKeys: String, CodingKey {
            case hashAlgorithm, allowOverwrite, users
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            hashAlgorithm = try container.decodeIfPresent(String.self, forKey: .hashAlgorithm)
            allowOverwrite = try container.decodeIfPresent(Bool.self, forKey: .allowOverwrite)
            users = try container.decodeIfPresent([FirebaseExportReader.User].self, forKey: .users)
            if hashAlgorithm != nil { hash = Result { try FirebaseHashParameters(from: decoder) } }
        }
    }

    struct Answer: Encodable {
        struct Failure: Encodable {
            var index: Int
            var message: String
        }
        var kind = "identitytoolkit#UploadAccountResponse"
        var error: [Failure]
    }

    func batchCreate(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        guard context.caller.isAdmin else { throw FirebaseError.insufficientPermission }
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        guard let parameters = try? JSONDecoder().decode(Parameters.self, from: Data(buffer.readableBytesView)) else {
            throw FirebaseError.named("INVALID_ARGUMENT", "The request body is not a batchCreate request.")
        }
        let users = parameters.users ?? []
        guard !users.isEmpty else { throw FirebaseError.named("MISSING_USER_ACCOUNT") }
        guard users.count <= Self.maximumUsers else { throw FirebaseError.named("MAXIMUM_USER_COUNT_EXCEEDED") }
        // Overwriting would replace an account's password and factors without any of the
        // checks an update makes: refused rather than done halfway.
        guard parameters.allowOverwrite != true else {
            throw FirebaseError.named("INVALID_ARGUMENT", "allowOverwrite is not supported: delete the accounts first.")
        }
        let hash = try Self.hashParameters(parameters.hash)
        var entries = ImportEntryList(maximumRecords: Self.maximumUsers)
        do {
            try FirebaseExportReader.read(users: users, hash: hash, now: adapter.service.environment.clock.now(), into: &entries)
        } catch {
            throw FirebaseError.named("INVALID_ARGUMENT", error.description)
        }
        var failures: [Answer.Failure] = []
        var accepted: [(index: Int, account: ImportedAccount)] = []
        for entry in entries.entries {
            switch entry.result {
            case .success(let account): accepted.append((entry.position - 1, account))
            case .failure(let refusal): failures.append(.init(index: entry.position - 1, message: refusal.reason))
            }
        }
        let outcomes = try await adapter.service.accounts.importAccounts(accepted.map(\.account))
        for (outcome, item) in zip(outcomes, accepted) {
            if let message = Self.failureMessage(outcome) { failures.append(.init(index: item.index, message: message)) }
        }
        return try JSONBody.response(Answer(error: failures.sorted { $0.index < $1.index }))
    }

    /// Google's messages for a user that is already there; nil for one imported.
    private static func failureMessage(_ outcome: ImportOutcome) -> String? {
        switch outcome {
        case .imported: nil
        case .skipped(_, .idExists): "localId belongs to an existing account - can not overwrite."
        case .skipped(_, .addressExists): "email exists in other account in database"
        case .refused(let reason): reason
        }
    }

    /// The hash parameters, checked before any user is read; nil when the request names none
    /// (then a user with a password hash is refused).
    private static func hashParameters(_ decoded: Result<FirebaseHashParameters, any Error>?) throws(FirebaseError)
        -> FirebaseHashParameters?
    {
        guard let decoded else { return nil }
        do {
            let hash = try decoded.get()
            try hash.validate()
            return hash
        } catch let error as ImportedHashError {
            throw FirebaseError.named("INVALID_HASH_ALGORITHM", error.description)
        } catch {
            throw FirebaseError.named("INVALID_HASH_ALGORITHM", "The hash parameters are not of the expected types.")
        }
    }
}
