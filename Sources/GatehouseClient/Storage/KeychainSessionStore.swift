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

/// One Keychain item, as the Security calls are asked about it. Plain values, so the storage's
/// decisions can be tested where there is no Keychain.
public struct KeychainItem: Sendable, Equatable {
    public var service: String
    public var account: String
    public var accessGroup: String?
    /// macOS: use the data-protection keychain (`kSecUseDataProtectionKeychain`), where
    /// accessibility and access groups work as on iOS; the legacy file keychain ignores them.
    public var useDataProtectionKeychain: Bool
}

/// The Security calls `KeychainSessionStore` makes, answering `OSStatus` values as `Int32`.
/// `SecurityKeychainOperations` (Apple platforms) is the real one; tests pass a fake.
public protocol KeychainOperations: Sendable {
    func copyData(_ item: KeychainItem) -> (status: Int32, data: Data?)
    /// Updates the item's data and sets it readable after first unlock, on this device only.
    func update(_ item: KeychainItem, data: Data) -> Int32
    func add(_ item: KeychainItem, data: Data) -> Int32
    func delete(_ item: KeychainItem) -> Int32
}

/// The `OSStatus` values the decisions depend on.
public enum KeychainStatus {
    public static let success: Int32 = 0
    public static let itemNotFound: Int32 = -25300
    public static let duplicateItem: Int32 = -25299
    /// The device is locked (before first unlock), or no UI may be shown.
    public static let interactionNotAllowed: Int32 = -25308
}

/// Sessions as Keychain generic passwords of `service`, one account per key: the decisions of
/// `KeychainSessionStorage`, on top of any `KeychainOperations`.
///
/// Only "not found" means "no session": every other read failure throws (`SessionStorageError`,
/// `.read`), so a locked device is not taken for a signed-out one.
public struct KeychainSessionStore: SessionStorage {
    public let service: String
    public let accessGroup: String?
    public let useDataProtectionKeychain: Bool
    private let operations: any KeychainOperations

    /// The data-protection keychain is the default on macOS (it is the only one on iOS).
    public static var dataProtectionKeychainByDefault: Bool {
        #if os(macOS)
            return true
        #else
            return false
        #endif
    }

    public init(
        service: String, accessGroup: String? = nil, useDataProtectionKeychain: Bool = Self.dataProtectionKeychainByDefault,
        operations: any KeychainOperations
    ) {
        self.service = service
        self.accessGroup = accessGroup
        self.useDataProtectionKeychain = useDataProtectionKeychain
        self.operations = operations
    }

    public struct KeychainError: Error, Equatable, Sendable {
        public let status: Int32
    }

    public func item(for key: String) -> KeychainItem {
        KeychainItem(service: service, account: key, accessGroup: accessGroup, useDataProtectionKeychain: useDataProtectionKeychain)
    }

    public func load(key: String) throws -> Data? {
        let (status, data) = operations.copyData(item(for: key))
        if status == KeychainStatus.itemNotFound { return nil }
        guard status == KeychainStatus.success else {
            throw SessionStorageError(operation: .read, key: key, reason: "Keychain status \(status)")
        }
        return data
    }

    public func store(_ data: Data, key: String) throws {
        let item = item(for: key)
        var status = operations.update(item, data: data)
        if status == KeychainStatus.itemNotFound {
            status = operations.add(item, data: data)
            // Added meanwhile (another process): update that one.
            if status == KeychainStatus.duplicateItem { status = operations.update(item, data: data) }
        }
        guard status == KeychainStatus.success else { throw KeychainError(status: status) }
    }

    public func remove(key: String) throws {
        let status = operations.delete(item(for: key))
        guard status == KeychainStatus.success || status == KeychainStatus.itemNotFound else { throw KeychainError(status: status) }
    }
}
