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

import ArgumentParser
import Foundation
import GatehouseClient
import GatehouseFeatures
import GatehouseServer

/// What every client flow needs: the server, its API key, and where a remembered session is kept.
struct TerminalClientOptions: ParsableArguments {
    @Option(help: "The server's base URL (Gatehouse serves the auth API at its root and at /auth/v1).")
    var url = ProcessInfo.processInfo.environment["GATEHOUSE_URL"] ?? ServerConfiguration.defaultExternalURL

    @Option(help: "The GoTrue API's URL when it is not the base URL (e.g. https://<project>.supabase.co/auth/v1).")
    var authURL: String?

    @Option(help: "Supabase's anon key, sent as apikey (not needed for Gatehouse).")
    var apiKey: String?

    @Option(help: "Folder for the remembered session (default: $XDG_STATE_HOME/gatehouse or ~/.local/state/gatehouse).")
    var stateDirectory: String?

    @Flag(help: "Also print the haptics and VoiceOver announcements the app would play.")
    var showSignals = false

    func baseURL() throws -> URL {
        guard let url = URL(string: url), url.scheme == "http" || url.scheme == "https" else {
            throw ValidationError("--url must be an http(s) URL")
        }
        return url
    }

    func makeClient() throws -> AuthClient {
        let auth =
            try authURL.map { raw -> URL in
                guard let url = URL(string: raw) else { throw ValidationError("--auth-url is not a URL") }
                return url
            } ?? baseURL()
        let storage: any SessionStorage =
            stateDirectory.map { FileSessionStorage(directory: URL(fileURLWithPath: $0)) }
            ?? PlatformSessionStorage.make()
        var configuration = AuthClientConfiguration(url: auth, apiKey: apiKey, storage: storage)
        // A terminal has no app to redirect into: links come back as the reset page's URL.
        configuration.flowType = .implicit
        // The server's own reset page and /verify are where its emails link: the only links taken.
        let base = try baseURL()
        configuration.allowedLinks = [
            AllowedLink(base.appendingPathComponent("reset-password"), impliedType: .recovery),
            AllowedLink(base.appendingPathComponent("auth/v1/verify")), AllowedLink(base.appendingPathComponent("verify")),
        ]
        configuration.autoRefreshToken = false
        return AuthClient(configuration: configuration)
    }
}

/// Prints each new haptic and announcement of a model once (with `--show-signals`).
struct TerminalSignals {
    let enabled: Bool
    private var lastFeedback: Int?
    private var lastAnnouncement: Int?

    init(enabled: Bool) {
        self.enabled = enabled
    }

    mutating func show(_ signals: UserSignals) {
        guard enabled else { return }
        if let feedback = signals.feedback, feedback.id != lastFeedback {
            lastFeedback = feedback.id
            Terminal.line("  [haptic: \(feedback.kind.rawValue)]")
        }
        if let announcement = signals.announcement, announcement.id != lastAnnouncement {
            lastAnnouncement = announcement.id
            Terminal.line("  [VoiceOver: \(announcement.text)]")
        }
    }
}

/// Shows a countdown on one line until `secondsLeft` reaches zero (rate limits, cooldowns).
@MainActor
func showCountdown(_ text: () -> String?, secondsLeft: () -> Int) async {
    while secondsLeft() > 0 {
        if let text = text() { Terminal.write("\r\u{1B}[2K⏳ " + text) }
        try? await Task.sleep(for: .seconds(1))
    }
    Terminal.write("\r\u{1B}[2K")
}
