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

/// What `POST /admin/users` and `PUT /admin/users/{id}` ask for (their wire form, which refuses
/// a field it does not know instead of dropping it: GoTrue/AdminUserRequest+Wire.swift).
struct AdminUserRequest: Sendable {
    /// On create: the id the account gets (a user keeps the id the app's data is keyed by).
    var id: String?
    var email: String?
    var password: String?
    /// A hash brought from another system (`ImportedPasswordHash`'s forms), instead of `password`.
    var passwordHash: String?
    var emailConfirm: Bool?
    var userMetadata: [String: JSONValue]?
    var appMetadata: [String: JSONValue]?
    var banDuration: String?
    var role: String?
}

struct UserPage: Sendable {
    let users: [UserRecord]
    let total: Int
}

extension AccountService {
    func adminCreateUser(_ request: AdminUserRequest) async throws(AuthError) -> UserRecord {
        let email = try AuthError.checkEmail(request.email)
        try checkMetadataSize(request.userMetadata ?? [:], field: "user_metadata")
        try checkMetadataSize(request.appMetadata ?? [:], field: "app_metadata")
        var passwordHash: String?
        if let password = request.password {
            guard request.passwordHash == nil else { throw .validation("Only a password or a password_hash may be given, not both") }
            let checked = try await passwordScreen.check(password)
            passwordHash = try await hashing { try await hasher.hash(checked) }
        } else if let imported = request.passwordHash {
            passwordHash = try Self.importedHash(imported)
        }
        let id = try request.id.map { raw throws(AuthError) in
            guard let id = UUID(parsing: raw) else { throw .validation("id must be a UUID") }
            return id
        }
        let now = clock.now()
        var user = UserRecord.new(
            email: email, passwordHash: passwordHash ?? "", userMetadata: request.userMetadata ?? [:],
            confirmedAt: request.emailConfirm == true ? now : nil, appMetadata: request.appMetadata ?? [:], now: now,
            random: random
        )
        user.passwordHash = passwordHash
        if let id { user.assignId(id) }
        if let role = request.role, !role.isEmpty { user.role = role }
        if let duration = request.banDuration { user.bannedUntil = try Self.banEnd(duration, now: now) }
        let created = user
        let inserted = try await store.run(.transaction) { database in
            if id != nil, try await database.users.find(id: created.id) != nil {
                throw AuthError(.userAlreadyExists, kind: .refused, "A user with this id already exists")
            }
            guard try await database.users.insert(created) else { return false }
            try await database.audit(AuditEvent(.userCreated, created), at: now)
            return true
        }
        guard inserted else {
            throw AuthError(.emailExists, kind: .refused)
        }
        return created
    }

    func adminUser(id: String) async throws(AuthError) -> UserRecord {
        guard let uuid = UUID(parsing: id) else { throw .validation("user_id must be an UUID") }
        guard let user = try await store.run(.read, { try await $0.users.find(id: uuid) }) else {
            throw AuthError(.userNotFound, kind: .notFound)
        }
        return user
    }

    func adminListUsers(page: Int, perPage: Int) async throws(AuthError) -> UserPage {
        let offset = (page - 1) * perPage
        return try await store.run { database in
            UserPage(
                users: try await database.users.list(offset: offset, limit: perPage),
                total: try await database.users.count()
            )
        }
    }

    func adminUpdateUser(id: String, with request: AdminUserRequest) async throws(AuthError) -> UserRecord {
        let userId = try await adminUser(id: id).id
        let now = clock.now()
        // Everything that can fail or takes time (validation, bcrypt) happens before the
        // transaction; inside it the row is re-read under lock, so concurrent updates all land.
        let email = try request.email.map { raw throws(AuthError) in try AuthError.checkEmail(raw) }
        if let id = request.id, UUID(parsing: id) != userId {
            throw .validation("id cannot be changed")
        }
        var passwordHash: String?
        if let password = request.password {
            guard request.passwordHash == nil else { throw .validation("Only a password or a password_hash may be given, not both") }
            let checked = try await passwordScreen.check(password)
            passwordHash = try await hashing { try await hasher.hash(checked) }
        } else if let imported = request.passwordHash {
            passwordHash = try Self.importedHash(imported)
        }
        // The request's own objects first (before bcrypt); the merged ones again under lock.
        try checkMetadataSize(request.userMetadata ?? [:], field: "user_metadata")
        try checkMetadataSize(request.appMetadata ?? [:], field: "app_metadata")
        let bannedUntil = try request.banDuration.map { duration throws(AuthError) in try Self.banEnd(duration, now: now) }
        let newHash = passwordHash
        let stored = try await store.run(.transaction) { database -> UserRecord? in
            guard var user = try await database.users.find(id: userId, lockedForUpdate: true) else {
                throw AuthError(.userNotFound, kind: .notFound)
            }
            var emailChanged = false
            if let email, email.normalized != user.email {
                if try await database.users.find(email: email) != nil { return nil }
                emailChanged = true
                user.email = email.normalized
                user.identity?.identityData["email"] = .string(email.normalized)
            }
            if let newHash { user.passwordHash = newHash }
            if let confirm = request.emailConfirm {
                if confirm, !user.isConfirmed, newHash == nil, user.passwordHash == nil,
                    let pending = try await database.pendingSignups.newest(userId: user.id)
                {
                    // A GoTrue sign-up's password waits in its pending sign-up; the operator who
                    // vouches for the address puts the newest one in force, as its link would.
                    user.replaceSignUpChoices(passwordHash: pending.passwordHash, userMetadata: pending.userMetadata)
                }
                if confirm { user.confirmEmail(at: now) } else { user.emailConfirmedAt = nil }
            }
            if let metadata = request.userMetadata {
                user.userMetadata = user.userMetadata.merging(patch: metadata)
                try checkMetadataSize(user.userMetadata, field: "user_metadata")
            }
            if let metadata = request.appMetadata {
                user.appMetadata = user.appMetadata.merging(patch: metadata)
                try checkMetadataSize(user.appMetadata, field: "app_metadata")
            }
            if let role = request.role, !role.isEmpty { user.role = role }
            if let bannedUntil { user.bannedUntil = bannedUntil }
            user.updatedAt = now
            try await database.users.update(user)
            // A ban, a new password or a new address ends the user's sessions at once (refresh
            // tokens included), as the user-side and reset paths do.
            var endsSessions = emailChanged || newHash != nil
            if case .some(.some) = bannedUntil { endsSessions = true }
            if endsSessions { try await database.sessions.deleteAll(userId: user.id) }
            // Links and codes sent before a change of address, password or confirmation must
            // not open the account afterwards.
            if emailChanged || newHash != nil || request.emailConfirm != nil {
                try await database.oneTimeTokens.deletePending(userId: user.id, purpose: nil)
                try await database.pendingSignups.deleteAll(userId: user.id)
                try await database.reauthenticationNonces.delete(userId: user.id)
            }
            for event in AuditEvent.adminUpdate(request, of: user, emailChanged: emailChanged, bannedUntil: bannedUntil) {
                try await database.audit(event, at: now)
            }
            return user
        }
        guard let stored else {
            throw AuthError(.emailExists, kind: .refused)
        }
        return stored
    }

    func adminDeleteUser(id: String) async throws(AuthError) {
        let user = try await adminUser(id: id)
        let now = clock.now()
        try await store.run(.transaction) { database in
            try await database.users.delete(id: user.id)
            try await database.audit(AuditEvent(.userDeleted, user), at: now)
        }
    }

    /// The longest ban: 100 years (876000h). Longer values would overflow the microsecond clock
    /// (a trap that killed the process) and mean nothing a shorter one does not.
    static let maximumBanSeconds: Double = 100 * 365 * 24 * 3600

    /// `ban_duration`: `"none"` lifts a ban; otherwise a Go duration such as `"24h"` or `"1h30m"`,
    /// at most `maximumBanSeconds`.
    static func banEnd(_ duration: String, now: Timestamp) throws(AuthError) -> Timestamp? {
        if duration.lowercased() == "none" { return nil }
        guard duration.utf8.count <= 64, let seconds = GoDuration.seconds(duration), seconds.isFinite, seconds > 0 else {
            throw .validation("invalid format for ban duration: \(duration.prefix(64))")
        }
        guard seconds <= maximumBanSeconds else {
            throw .validation("ban duration must be at most 876000h")
        }
        let micros = Int64(seconds * 1_000_000)
        let (end, overflow) = now.microsecondsSinceEpoch.addingReportingOverflow(micros)
        guard !overflow else { throw .validation("ban duration must be at most 876000h") }
        return Timestamp(microsecondsSinceEpoch: end)
    }
}

/// Parses Go's `time.ParseDuration` syntax (`"300ms"`, `"1.5h"`, `"2h45m"`), which GoTrue's
/// `ban_duration` uses.
enum GoDuration {
    static func seconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ns", 1e-9), ("us", 1e-6), ("µs", 1e-6), ("ms", 1e-3), ("s", 1), ("m", 60), ("h", 3600)]
        var rest = Substring(text)
        var total = 0.0
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            guard let (unit, scale) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            rest = rest.dropFirst(unit.count)
            total += value * scale
        }
        return total
    }
}
