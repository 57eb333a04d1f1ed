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

import Crypto

/// Firebase's `HMAC_SHA256`, `HMAC_SHA512`, `HMAC_SHA1` and `HMAC_MD5` import kinds: the stored
/// hash is HMAC(key = the project's signer key, message = password ‖ salt), the password as its
/// UTF-8 bytes and the salt as raw bytes (empty when the account has none).
///
/// The order is Gatehouse's reading of Firebase's documentation, which names the inputs (the
/// signer key as the HMAC key, the password and the salt) but not how they are joined: the
/// password comes first unless the import says `passwordHashOrder: "SALT_AND_PASSWORD"`
/// (`PASSWORD_AND_SALT` or no order mean password first), in which case the salt comes first.
///
/// Gatehouse stores it as `$hmac-sha256$order=ps$<key>$<salt>$<hash>` (`order=sp` for salt
/// first; kinds `hmac-sha256`, `hmac-sha512`, `hmac-sha1`, `hmac-md5`), key, salt and hash in
/// standard base64, padding optional on input and none on output.
struct HMACImportedHash: ImportedHashFormat {
    enum Variant: String, Sendable, CaseIterable {
        case sha256
        case sha512
        case sha1
        case md5

        /// The digest's length: a stored hash of another length could never match.
        var digestBytes: Int {
            switch self {
            case .sha256: 32
            case .sha512: 64
            case .sha1: 20
            case .md5: 16
            }
        }

        fileprivate func authenticationCode(_ message: [UInt8], key: SymmetricKey) -> [UInt8] {
            switch self {
            case .sha256: HMAC<SHA256>.authenticationCode(for: message, using: key).withUnsafeBytes { Array($0) }
            case .sha512: HMAC<SHA512>.authenticationCode(for: message, using: key).withUnsafeBytes { Array($0) }
            case .sha1: HMAC<Insecure.SHA1>.authenticationCode(for: message, using: key).withUnsafeBytes { Array($0) }
            case .md5: HMAC<Insecure.MD5>.authenticationCode(for: message, using: key).withUnsafeBytes { Array($0) }
            }
        }
    }

    /// Which input the message starts with.
    enum Order: String, Sendable, CaseIterable {
        case passwordThenSalt = "ps"
        case saltThenPassword = "sp"
    }

    let variant: Variant
    let order: Order
    let key: [UInt8]
    let salt: [UInt8]
    let hash: [UInt8]

    static let prefix = "$hmac-"
    static let format = "HMAC"

    init(variant: Variant, order: Order, key: [UInt8], salt: [UInt8], hash: [UInt8]) throws(ImportedHashError) {
        guard ImportedHashLimits.saltBytes.contains(key.count) else {
            throw .malformed(format: Self.format, reason: "the key must be 1 to \(ImportedHashLimits.saltBytes.upperBound) bytes")
        }
        // Firebase accounts may have no salt: the message is then the password alone.
        guard salt.count <= ImportedHashLimits.saltBytes.upperBound else {
            throw .malformed(format: Self.format, reason: "the salt must be at most \(ImportedHashLimits.saltBytes.upperBound) bytes")
        }
        guard hash.count == variant.digestBytes else {
            throw .malformed(format: Self.format, reason: "an hmac-\(variant.rawValue) hash is \(variant.digestBytes) bytes")
        }
        self.variant = variant
        self.order = order
        self.key = key
        self.salt = salt
        self.hash = hash
    }

    init(parsing text: Substring) throws(ImportedHashError) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].isEmpty, parts[1].hasPrefix("hmac-") else {
            throw .malformed(format: Self.format, reason: "expected $hmac-sha256$order=ps$<key>$<salt>$<hash>")
        }
        guard let variant = Variant(rawValue: String(parts[1].dropFirst("hmac-".count))) else {
            throw .unsupported(format: Self.format, reason: "only hmac-sha256, hmac-sha512, hmac-sha1 and hmac-md5 are verified")
        }
        guard parts[2].hasPrefix("order="), let order = Order(rawValue: String(parts[2].dropFirst("order=".count))) else {
            throw .malformed(format: Self.format, reason: "the order must be order=ps (password first) or order=sp (salt first)")
        }
        let bound = ImportedHashLimits.saltBytes.upperBound
        guard let key = ImportedHashBase64.decode(parts[3], padding: .optional, maximumBytes: bound),
            let salt = ImportedHashBase64.decode(parts[4], padding: .optional, maximumBytes: bound),
            let hash = ImportedHashBase64.decode(parts[5], padding: .optional, maximumBytes: bound)
        else { throw .malformed(format: Self.format, reason: "the key, the salt and the hash must be standard base64") }
        try self.init(variant: variant, order: order, key: key, salt: salt, hash: hash)
    }

    var encoded: String {
        "\(Self.prefix)\(variant.rawValue)$order=\(order.rawValue)$\(ImportedHashBase64.encode(key, padded: false))$"
            + "\(ImportedHashBase64.encode(salt, padded: false))$\(ImportedHashBase64.encode(hash, padded: false))"
    }

    func matches(_ password: String) -> Bool {
        let (bytes, tooLong) = Self.candidateBytes(password)
        let message =
            switch order {
            case .passwordThenSalt: bytes + salt
            case .saltThenPassword: salt + bytes
            }
        let computed = variant.authenticationCode(message, key: SymmetricKey(data: key))
        return ConstantTimeComparison.equal(computed, hash) && !tooLong
    }
}
