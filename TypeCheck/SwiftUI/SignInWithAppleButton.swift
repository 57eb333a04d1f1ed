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

// SignInWithAppleButton lives in AuthenticationServices' SwiftUI overlay: code that uses it
// imports both AuthenticationServices and SwiftUI, as it must with Apple's SDK.
import AuthenticationServices

// https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct SignInWithAppleButton {
    public init(
        _ label: SignInWithAppleButton.Label = .signIn, onRequest: @escaping (ASAuthorizationAppleIDRequest) -> Void,
        onCompletion: @escaping (Result<ASAuthorization, any Error>) -> Void
    ) {}

    // https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton/label
    public struct Label: Sendable {
        public static let signIn = Label()
        public static let `continue` = Label()
        public static let signUp = Label()
    }

    // https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton/style
    public struct Style: Sendable {
        public static let black = Style()
        public static let white = Style()
        public static let whiteOutline = Style()
    }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension SignInWithAppleButton: View {
    public var body: Never { fatalError() }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/signinwithapplebuttonstyle(_:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public func signInWithAppleButtonStyle(_ style: SignInWithAppleButton.Style) -> some View { self }
}
