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

/// The `user` field of Apple's form post: `{"name": {"firstName", "lastName"}, "email"}`, sent
/// only on a person's first sign-in, and the only place Apple gives their name (never in the ID
/// token). Anything else (missing, too long, not that JSON) is no name at all: the sign-in goes on.
enum OAuthAppleUser {
    static let maximumBytes = 4096
    static let maximumNameLength = 200

    static func profile(from field: String?) -> SuppliedProfile? {
        guard let field, !field.isEmpty, field.utf8.count <= maximumBytes,
            let object = try? JSONSerialization.jsonObject(with: Data(field.utf8)) as? [String: Any],
            let name = object["name"] as? [String: Any]
        else { return nil }
        let profile = SuppliedProfile(givenName: part(name["firstName"]), familyName: part(name["lastName"]))
        return profile.fullName == nil ? nil : profile
    }

    private static func part(_ value: Any?) -> String? {
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return String(text.prefix(maximumNameLength))
    }
}
