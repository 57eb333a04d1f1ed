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

@_exported import Foundation
import UIKit

// https://developer.apple.com/documentation/authenticationservices/aspresentationanchor
public typealias ASPresentationAnchor = UIWindow

// https://developer.apple.com/documentation/authenticationservices/asauthorizationrequest
open class ASAuthorizationRequest: NSObject {}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationcredential
public protocol ASAuthorizationCredential: NSObjectProtocol {}

// https://developer.apple.com/documentation/authenticationservices/asauthorization
open class ASAuthorization: NSObject {
    open var credential: any ASAuthorizationCredential { fatalError() }
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialuserverificationpreference
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let preferred = Self(rawValue: "preferred")
    public static let required = Self(rawValue: "required")
    public static let discouraged = Self(rawValue: "discouraged")
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialProvider: NSObject {
    public init(relyingPartyIdentifier: String) {}
    open func createCredentialRegistrationRequest(challenge: Data, name: String, userID: Data)
        -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest
    { fatalError() }
    open func createCredentialAssertionRequest(challenge: Data) -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest {
        fatalError()
    }
}

@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest: ASAuthorizationRequest {
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference {
        get { fatalError() }
        set {}
    }
}

@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialAssertionRequest: ASAuthorizationRequest {
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference {
        get { fatalError() }
        set {}
    }
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialregistration
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialRegistration: NSObject, ASAuthorizationCredential {
    open var credentialID: Data { fatalError() }
    open var rawClientDataJSON: Data { fatalError() }
    open var rawAttestationObject: Data? { fatalError() }
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialassertion
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject, ASAuthorizationCredential {
    open var credentialID: Data { fatalError() }
    open var rawClientDataJSON: Data { fatalError() }
    open var rawAuthenticatorData: Data { fatalError() }
    open var signature: Data { fatalError() }
    open var userID: Data { fatalError() }
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller
@MainActor
open class ASAuthorizationController: NSObject {
    public struct RequestOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        @available(iOS 16.0, macOS 13.0, *)
        public static let preferImmediatelyAvailableCredentials = RequestOptions(rawValue: 1)
    }
    public init(authorizationRequests: [ASAuthorizationRequest]) {}
    weak open var delegate: (any ASAuthorizationControllerDelegate)?
    weak open var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)?
    open func performRequests() {}
    @available(iOS 16.0, macOS 13.0, *)
    open func performRequests(options: ASAuthorizationController.RequestOptions) {}
    @available(iOS 16.0, macOS 13.0, *)
    open func cancel() {}
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate
public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerpresentationcontextproviding
public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

// https://developer.apple.com/documentation/authenticationservices/asauthorizationerror
public struct ASAuthorizationError: Error, Hashable {
    public enum Code: Int, Sendable {
        case unknown = 1000
        case canceled = 1001
        case invalidResponse = 1002
        case notHandled = 1003
        case failed = 1004
        case notInteractive = 1005
    }
    public var code: Code { fatalError() }
    public var localizedDescription: String { fatalError() }
}
