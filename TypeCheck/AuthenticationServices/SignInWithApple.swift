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
import UIKit

// https://developer.apple.com/documentation/authenticationservices/asauthorization/scope
extension ASAuthorization {
    public struct Scope: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let fullName = Scope(rawValue: "full_name")
        public static let email = Scope(rawValue: "email")
    }
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest
// (`requestedOperation` is left out: nothing sets it.)
open class ASAuthorizationOpenIDRequest: ASAuthorizationRequest {
    open var requestedScopes: [ASAuthorization.Scope]? {
        get { fatalError() }
        set {}
    }
    open var state: String? {
        get { fatalError() }
        set {}
    }
    open var nonce: String? {
        get { fatalError() }
        set {}
    }
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidrequest
open class ASAuthorizationAppleIDRequest: ASAuthorizationOpenIDRequest {
    open var user: String? {
        get { fatalError() }
        set {}
    }
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential
// (`realUserStatus` and `userAgeRange` are left out: nothing reads them.)
open class ASAuthorizationAppleIDCredential: NSObject, ASAuthorizationCredential {
    open var user: String { fatalError() }
    open var state: String? { fatalError() }
    open var authorizedScopes: [ASAuthorization.Scope] { fatalError() }
    open var authorizationCode: Data? { fatalError() }
    open var identityToken: Data? { fatalError() }
    open var email: String? { fatalError() }
    open var fullName: PersonNameComponents? { fatalError() }
}
