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

import GatehouseCore

/// Logging a session must not leak it: `print`, `String(describing:)`,
/// `debugPrint`, `dump` and a `Mirror` of a session, a sign-up result, an auth event or a stored
/// PKCE verifier show who and until when, never the tokens. Only the fields listed here are
/// shown, so a secret added to the session later stays out of logs until someone lists it.
/// Encoding (storage, the wire) is untouched.
enum Redacted {
    static let placeholder = "<redacted>"
}

// `SessionPayload` is GatehouseCore's wire type, shared with the server; the SDK's copies are
// the ones apps print, so the conformances live here.
extension SessionPayload: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "Session(user: \(user.id), email: \(user.email), tokenType: \(tokenType), expiresAt: \(expiresAt), "
            + "accessToken: \(Redacted.placeholder), refreshToken: \(Redacted.placeholder))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": Redacted.placeholder,
                "tokenType": tokenType,
                "expiresIn": expiresIn,
                "expiresAt": expiresAt,
                "refreshToken": Redacted.placeholder,
                "user": user,
                "weakPassword": weakPassword as Any,
            ], displayStyle: .struct)
    }
}

extension SignUpResult: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        switch self {
        case .signedIn(let session): "signedIn(\(session))"
        case .confirmationRequired(let user): "confirmationRequired(user: \(user.id), email: \(user.email))"
        }
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        switch self {
        case .signedIn(let session): Mirror(self, children: ["signedIn": session], displayStyle: .enum)
        case .confirmationRequired(let user): Mirror(self, children: ["confirmationRequired": user], displayStyle: .enum)
        }
    }
}

extension AuthStateChange: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "AuthStateChange(event: \(event), session: \(session.map(String.init(describing:)) ?? "nil"))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["event": event, "session": session as Any], displayStyle: .struct)
    }
}

extension StoredCodeVerifier: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var description: String { "StoredCodeVerifier(verifier: \(Redacted.placeholder), isPasswordRecovery: \(isPasswordRecovery))" }
    var debugDescription: String { description }
    var customMirror: Mirror {
        Mirror(self, children: ["verifier": Redacted.placeholder, "isPasswordRecovery": isPasswordRecovery], displayStyle: .struct)
    }
}
