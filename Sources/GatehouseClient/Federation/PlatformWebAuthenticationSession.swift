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

#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation

    /// `ASWebAuthenticationSession`: the system's browser sheet, sharing Safari's cookies unless
    /// `prefersEphemeralWebBrowserSession` (then the provider asks for the password every time).
    /// The callback must use a custom URL scheme (`myapp://auth/callback`): iOS 15 delivers
    /// no other.
    @available(iOS 13.0, macOS 10.15, *)
    public final class PlatformWebAuthenticationSession: WebAuthenticationSession {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
        private let prefersEphemeralWebBrowserSession: Bool

        /// - Parameter anchor: the window the sheet is shown over.
        public init(prefersEphemeralWebBrowserSession: Bool = false, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.anchor = anchor
            self.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
        }

        public func authenticate(url: URL, callbackScheme: String) async throws -> URL {
            try await BrowserRun.perform(
                url: url, callbackScheme: callbackScheme, ephemeral: prefersEphemeralWebBrowserSession, anchor: anchor)
        }
    }

    /// One sheet, its completion handler turned into an async result. Runs are kept in `running`
    /// until they end: the session holds its presentation context provider weakly.
    @available(iOS 13.0, macOS 10.15, *)
    @MainActor
    private final class BrowserRun: NSObject {
        private static var running: [ObjectIdentifier: BrowserRun] = [:]

        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
        private var session: ASWebAuthenticationSession?
        private var cancelledByTask = false

        private init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.anchor = anchor
        }

        static func perform(
            url: URL, callbackScheme: String, ephemeral: Bool, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
        ) async throws -> URL {
            let run = BrowserRun(anchor: anchor)
            let key = ObjectIdentifier(run)
            running[key] = run
            defer { running[key] = nil }
            // Leaving the screen cancels the task: the sheet goes away with it.
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
                    // The handler may run off the main thread: only Sendable values cross back.
                    let session = ASWebAuthenticationSession(url: url, callbackURLScheme: callbackScheme) { @Sendable callback, error in
                        let closed = (error as? ASWebAuthenticationSessionError)?.code == .canceledLogin
                        let reason = error.map { String(describing: $0) }
                        Task { @MainActor in
                            continuation.resume(with: run.result(callback: callback, closed: closed, reason: reason))
                        }
                    }
                    session.presentationContextProvider = run
                    session.prefersEphemeralWebBrowserSession = ephemeral
                    run.session = session
                    if !session.start() {
                        run.session = nil
                        continuation.resume(throwing: WebAuthenticationError.failed("the browser sheet could not be shown"))
                    }
                }
            } onCancel: {
                Task { @MainActor in running[key]?.cancelForTask() }
            }
        }

        private func cancelForTask() {
            cancelledByTask = true
            session?.cancel()
        }

        /// The sheet's outcome in the protocol's words: closing it is `cancelled`, a sheet taken
        /// away because the task was cancelled is `CancellationError`.
        private func result(callback: URL?, closed: Bool, reason: String?) -> Result<URL, any Error> {
            session = nil
            if let callback { return .success(callback) }
            if closed { return .failure(cancelledByTask ? CancellationError() : WebAuthenticationError.cancelled) }
            return .failure(WebAuthenticationError.failed(reason ?? "the sheet ended without a callback"))
        }
    }

    // `@preconcurrency`: the SDKs that do not yet mark this protocol main-actor still call it on
    // the main thread.
    @available(iOS 13.0, macOS 10.15, *)
    extension BrowserRun: @preconcurrency ASWebAuthenticationPresentationContextProviding {
        func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor() }
    }
#endif
