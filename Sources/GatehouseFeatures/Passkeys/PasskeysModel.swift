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

import GatehouseClient
import GatehouseCore
import Logging
#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The account page's passkeys: the list, "Add a passkey", rename and remove. One
/// request at a time; `cancel()` (the view's `.onDisappear`) ends it.
@MainActor
public final class PasskeysModel: ObservableObject {
    public enum Phase: Equatable, Sendable { case idle, loading, working }

    @Published public internal(set) var passkeys: [Passkey] = []
    @Published public internal(set) var phase: Phase = .idle
    /// What went wrong last, in the page's words.
    @Published public internal(set) var errorMessage: String?
    @Published public internal(set) var signals = UserSignals()

    let client: any PasskeyManaging
    let ceremony: (any PasskeyCeremony)?
    let clock: any FeatureClock
    let requestTimeout: TimeSpan
    let logger: Logger
    let request = OwnedRequest()

    /// GoTrue's limit on a passkey's name, in bytes of UTF-8.
    public static let nameMaximumBytes = 120

    public init(
        client: any PasskeyManaging, ceremony: (any PasskeyCeremony)?, clock: any FeatureClock = SystemClock(),
        requestTimeout: TimeSpan = .seconds(30), logger: Logger = Logger(label: "gatehouse.features.passkeys")
    ) {
        self.client = client
        self.ceremony = ceremony
        self.clock = clock
        self.requestTimeout = requestTimeout
        self.logger = logger
    }

    /// Whether "Add a passkey" is offered: the device can make one.
    public var canAdd: Bool { ceremony != nil }
    public var isBusy: Bool { phase != .idle }

    /// Loads the list.
    public func load() async {
        await perform(.loading) { client in
            let list = try await client.listPasskeys()
            return { model in model.passkeys = list }
        }
    }

    /// Creates a passkey on this device and adds it to the list. Closing the sheet changes nothing.
    public func add() async {
        guard let ceremony else { return }
        // No timeout here: the system sheet waits for the person.
        await perform(.working, timed: false) { client in
            let passkey = try await client.registerPasskey(using: ceremony)
            return { model in
                model.passkeys.append(passkey)
                model.signals.signal(.success, announcing: PasskeyText.added)
            }
        }
    }

    /// Renames a passkey; an empty or too long name is refused before anything is sent.
    public func rename(_ id: String, to name: String) async {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= Self.nameMaximumBytes else {
            fail(PasskeyText.nameInvalid)
            return
        }
        await perform(.working) { client in
            let renamed = try await client.renamePasskey(id: id, friendlyName: trimmed)
            return { model in
                if let index = model.passkeys.firstIndex(where: { $0.id == id }) { model.passkeys[index] = renamed }
                model.signals.signal(.success, announcing: PasskeyText.renamed)
            }
        }
    }

    /// Removes a passkey from the account (the device keeps its copy until the person deletes it).
    public func remove(_ id: String) async {
        await perform(.working) { client in
            try await client.deletePasskey(id: id)
            return { model in
                model.passkeys.removeAll { $0.id == id }
                model.signals.signal(.success, announcing: PasskeyText.removed)
            }
        }
    }

    public func dismissError() { errorMessage = nil }

    /// Leaving the page ends its request.
    public func cancel() { request.cancel() }

    /// Runs one request (`work` answers how to apply its result), with the page's timeout unless
    /// a sheet is involved, and sorts its failure.
    private func perform(
        _ busy: Phase, timed: Bool = true,
        _ work: @escaping @Sendable (any PasskeyManaging) async throws -> @MainActor @Sendable (PasskeysModel) -> Void
    ) async {
        await request.run { [self] in
            guard phase == .idle else { return }
            phase = busy
            errorMessage = nil
            defer { phase = .idle }
            let client = client
            do {
                let apply: @MainActor @Sendable (PasskeysModel) -> Void
                if timed {
                    apply = try await withTimeout(requestTimeout, clock: clock) { try await work(client) }
                } else {
                    apply = try await work(client)
                }
                if Task.isCancelled { return }
                apply(self)
            } catch PasskeyCeremonyError.cancelled {
                return
            } catch is CancellationError {
                return
            } catch {
                FeatureLog.failure(error, page: "passkeys", logger: logger)
                fail(Self.message(for: error))
            }
        }
    }

    private func fail(_ text: String) {
        errorMessage = text
        signals.signal(.error, announcing: text)
    }

    static func message(for error: any Error) -> String {
        switch error {
        case PasskeyCeremonyError.noCredentials, PasskeyCeremonyError.notSupported: PasskeyText.notSupportedHere
        case PasskeyCeremonyError.failed: PasskeyText.couldNotAdd
        default: AuthClientError.userFacingMessage(for: error)
        }
    }
}
