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

#if canImport(Security)
    import Foundation
    import Security

    /// Sessions in the Keychain (login spec: "Session persists after login (using iOS Keychain)"):
    /// generic passwords of `service`, one account per key, readable after the first unlock and
    /// never synced or migrated to another device. On macOS the data-protection keychain is used,
    /// so accessibility and access groups apply there too. The decisions live in
    /// `KeychainSessionStore`; this type only binds them to the Security framework.
    public struct KeychainSessionStorage: SessionStorage {
        public let service: String
        public let accessGroup: String?
        private let keychain: KeychainSessionStore

        public init(
            service: String, accessGroup: String? = nil,
            useDataProtectionKeychain: Bool = KeychainSessionStore.dataProtectionKeychainByDefault
        ) {
            self.service = service
            self.accessGroup = accessGroup
            keychain = KeychainSessionStore(
                service: service, accessGroup: accessGroup, useDataProtectionKeychain: useDataProtectionKeychain,
                operations: SecurityKeychainOperations()
            )
        }

        public typealias KeychainError = KeychainSessionStore.KeychainError

        public func load(key: String) throws -> Data? { try keychain.load(key: key) }
        public func store(_ data: Data, key: String) throws { try keychain.store(data, key: key) }
        public func remove(key: String) throws { try keychain.remove(key: key) }
    }

    /// The Security framework's `SecItem…` calls.
    public struct SecurityKeychainOperations: KeychainOperations {
        public init() {}

        private func query(_ item: KeychainItem) -> [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: item.service,
                kSecAttrAccount as String: item.account,
            ]
            if let accessGroup = item.accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            if item.useDataProtectionKeychain { query[kSecUseDataProtectionKeychain as String] = true }
            return query
        }

        private func attributes(_ data: Data) -> [String: Any] {
            [
                kSecValueData as String: data,
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
        }

        public func copyData(_ item: KeychainItem) -> (status: Int32, data: Data?) {
            var query = query(item)
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            return (status, result as? Data)
        }

        public func update(_ item: KeychainItem, data: Data) -> Int32 {
            SecItemUpdate(query(item) as CFDictionary, attributes(data) as CFDictionary)
        }

        public func add(_ item: KeychainItem, data: Data) -> Int32 {
            SecItemAdd(query(item).merging(attributes(data)) { $1 } as CFDictionary, nil)
        }

        public func delete(_ item: KeychainItem) -> Int32 {
            SecItemDelete(query(item) as CFDictionary)
        }
    }
#endif
