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

extension OutboxJob {
    /// The job as stored in `outbox.payload`: the JSON its `Codable` conformance writes and
    /// reads back. The two kinds queued on the "send me an email" request path are written by
    /// `JSONWriter` instead (JSONEncoder's generic containers were a visible share of a
    /// `/recover`, Benchmarks/PROFILE.md); tests check that `JSONDecoder` reads them back as the
    /// same job.
    func payload() throws -> String {
        switch self {
        case .recovery(let email, let redirectTo, let codeChallenge, let codeChallengeMethod):
            Self.linkRequestPayload(
                case: "recovery", email: email, redirectTo: redirectTo, codeChallenge: codeChallenge,
                codeChallengeMethod: codeChallengeMethod, pendingSignupId: nil)
        case .signupConfirmation(let email, let redirectTo, let codeChallenge, let codeChallengeMethod, let pendingSignupId):
            Self.linkRequestPayload(
                case: "signupConfirmation", email: email, redirectTo: redirectTo, codeChallenge: codeChallenge,
                codeChallengeMethod: codeChallengeMethod, pendingSignupId: pendingSignupId)
        default:
            String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        }
    }

    /// The job stored as `payload`. The two kinds the request path queues are read by
    /// `JSONValue.parse` when they have exactly the shape `payload()` writes; anything else
    /// (other kinds, unknown or mistyped fields, a lenient id) is left to `JSONDecoder`, which
    /// stays the reference: `JSONDecoder` was a visible share of the worker's part of a `/recover`
    /// (Benchmarks/PROFILE.md).
    static func read(payload: String) throws -> OutboxJob {
        if let job = linkRequest(payload) { return job }
        return try JSONDecoder().decode(OutboxJob.self, from: Data(payload.utf8))
    }

    /// A recovery or sign-up confirmation job read from its payload, or nil to leave it to
    /// `JSONDecoder`.
    private static func linkRequest(_ payload: String) -> OutboxJob? {
        guard case .object(let outer)? = try? JSONValue.parse(payload, maximumDepth: 2), outer.count == 1,
            let (name, body) = outer.first, case .object(let fields) = body, case .string(let email)? = fields["email"]
        else { return nil }
        /// A field that is a string, absent or null: .some(value); any other JSON: nil.
        func optional(_ key: String) -> String?? {
            switch fields[key] {
            case nil, .null?: .some(nil)
            case .string(let value)?: .some(value)
            default: nil
            }
        }
        guard let redirectTo = optional("redirectTo"), let codeChallenge = optional("codeChallenge"),
            let codeChallengeMethod = optional("codeChallengeMethod")
        else { return nil }
        let linkFields: Set = ["email", "redirectTo", "codeChallenge", "codeChallengeMethod"]
        switch name {
        case "recovery":
            guard Set(fields.keys).isSubset(of: linkFields) else { return nil }
            return .recovery(email: email, redirectTo: redirectTo, codeChallenge: codeChallenge, codeChallengeMethod: codeChallengeMethod)
        case "signupConfirmation":
            guard Set(fields.keys).isSubset(of: linkFields.union(["pendingSignupId"])),
                let pendingSignupIdText = optional("pendingSignupId")
            else { return nil }
            var pendingSignupId: UUID?
            if let pendingSignupIdText {
                guard let id = UUID(parsing: pendingSignupIdText) else { return nil }
                pendingSignupId = id
            }
            return .signupConfirmation(
                email: email, redirectTo: redirectTo, codeChallenge: codeChallenge, codeChallengeMethod: codeChallengeMethod,
                pendingSignupId: pendingSignupId)
        default:
            return nil
        }
    }

    /// `{"<case>":{…}}`, the shape of a synthesized `Codable` enum case: absent optionals left out.
    private static func linkRequestPayload(
        case name: String, email: String, redirectTo: String?, codeChallenge: String?, codeChallengeMethod: String?,
        pendingSignupId: UUID?
    ) -> String {
        var writer = JSONWriter(capacity: 96)
        writer.object {
            $0.key(name)
            $0.object {
                $0.field("email", email)
                $0.field("redirectTo", ifPresent: redirectTo)
                $0.field("codeChallenge", ifPresent: codeChallenge)
                $0.field("codeChallengeMethod", ifPresent: codeChallengeMethod)
                $0.field("pendingSignupId", ifPresent: pendingSignupId?.uuidString)
            }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
