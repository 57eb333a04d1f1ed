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

/// The W3C `RegistrationResponseJSON` a browser or app sends to registration/verify. Every field
/// decodes leniently (absent or of the wrong JSON type becomes nil) so that a bad credential is
/// the verifier's typed `malformedCredential`, never a failure to decode the request body.
/// Unknown fields (`clientExtensionResults`, `authenticatorAttachment`...) are ignored.
public struct RegistrationCredential: Decodable, Sendable {
    public var id: String?
    public var rawId: String?
    public var type: String?
    public var response: Response?

    public struct Response: Decodable, Sendable {
        public var clientDataJSON: String?
        public var attestationObject: String?
        public var transports: [String]?

        public init(clientDataJSON: String?, attestationObject: String?, transports: [String]? = nil) {
            self.clientDataJSON = clientDataJSON
            self.attestationObject = attestationObject
            self.transports = transports
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            clientDataJSON = try? c.decodeIfPresent(String.self, forKey: .clientDataJSON)
            attestationObject = try? c.decodeIfPresent(String.self, forKey: .attestationObject)
            transports = try? c.decodeIfPresent([String].self, forKey: .transports)
        }

        enum CodingKeys: String, CodingKey { case clientDataJSON, attestationObject, transports }
    }

    public init(id: String?, rawId: String?, type: String?, response: Response?) {
        self.id = id
        self.rawId = rawId
        self.type = type
        self.response = response
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try? c.decodeIfPresent(String.self, forKey: .id)
        rawId = try? c.decodeIfPresent(String.self, forKey: .rawId)
        type = try? c.decodeIfPresent(String.self, forKey: .type)
        response = try? c.decodeIfPresent(Response.self, forKey: .response)
    }

    enum CodingKeys: String, CodingKey { case id, rawId, type, response }
}

/// The W3C `AuthenticationResponseJSON` sent to authentication/verify, decoded as leniently.
public struct AuthenticationCredential: Decodable, Sendable {
    public var id: String?
    public var rawId: String?
    public var type: String?
    public var response: Response?

    public struct Response: Decodable, Sendable {
        public var clientDataJSON: String?
        public var authenticatorData: String?
        public var signature: String?
        public var userHandle: String?

        public init(clientDataJSON: String?, authenticatorData: String?, signature: String?, userHandle: String?) {
            self.clientDataJSON = clientDataJSON
            self.authenticatorData = authenticatorData
            self.signature = signature
            self.userHandle = userHandle
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            clientDataJSON = try? c.decodeIfPresent(String.self, forKey: .clientDataJSON)
            authenticatorData = try? c.decodeIfPresent(String.self, forKey: .authenticatorData)
            signature = try? c.decodeIfPresent(String.self, forKey: .signature)
            userHandle = try? c.decodeIfPresent(String.self, forKey: .userHandle)
        }

        enum CodingKeys: String, CodingKey { case clientDataJSON, authenticatorData, signature, userHandle }
    }

    public init(id: String?, rawId: String?, type: String?, response: Response?) {
        self.id = id
        self.rawId = rawId
        self.type = type
        self.response = response
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try? c.decodeIfPresent(String.self, forKey: .id)
        rawId = try? c.decodeIfPresent(String.self, forKey: .rawId)
        type = try? c.decodeIfPresent(String.self, forKey: .type)
        response = try? c.decodeIfPresent(Response.self, forKey: .response)
    }

    enum CodingKeys: String, CodingKey { case id, rawId, type, response }
}
