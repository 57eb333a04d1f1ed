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

/// A password hash brought from another system (Supabase, Firebase, Django …), parsed and
/// checked against `ImportedHashLimits`. Parsing is what an import does: a string it refuses
/// must not be stored. The accepted string forms:
///
/// | form | origin |
/// | --- | --- |
/// | `$2a$`, `$2b$`, `$2y$` + cost + 53 characters | bcrypt (GoTrue, Supabase, PHP, Node …) |
/// | `$fbscrypt$v=1,n=<mem cost>,r=<rounds>,p=1[,ss=<b64>],sk=<b64>$<b64 salt>$<b64 hash>` | Firebase's scrypt, GoTrue's form |
/// | `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<b64 salt>$<b64 hash>` | standard scrypt (Firebase's `STANDARD_SCRYPT`) |
/// | `$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>`, also `$argon2i$` | PHC strings (argon2-cffi, GoTrue …) |
/// | `pbkdf2_sha256$<iterations>$<salt>$<b64 hash>` | Django |
/// | `argon2$argon2id$…` | Django (a PHC string after `argon2`) |
/// | `bcrypt_sha256$$2b$…`, `bcrypt$$2b$…` | Django |
/// | `$pbkdf2-sha256$i=<iterations>$<b64 salt>$<b64 hash>`, also `$pbkdf2-sha1$` | PBKDF2 (Firebase's `PBKDF2_SHA256`, `PBKDF_SHA1`) |
/// | `$hmac-sha256$order=ps$<b64 key>$<b64 salt>$<b64 hash>`, also `hmac-sha512`, `hmac-sha1`, `hmac-md5`, `order=sp` | Firebase's `HMAC_*` |
///
/// `$scrypt$` is Gatehouse's own form for standard scrypt (it has no common string form): the
/// PHC layout, N as its base-2 logarithm, salt and hash in standard base64 (padding optional),
/// the derived key's length being the hash's. `$pbkdf2-…$` and `$hmac-…$` are Gatehouse's own
/// too, for Firebase's kinds that have no string form either. Firebase's import fields have
/// typed initialisers (`FirebaseScryptHash`, `StandardScryptHash`), and a Firebase import's hash
/// parameters give each account's hash (`FirebaseHashParameters`).
enum ImportedPasswordHash: Sendable, Equatable {
    case bcrypt(BcryptImportedHash)
    case firebaseScrypt(FirebaseScryptHash)
    case scrypt(StandardScryptHash)
    case argon2(Argon2PHCHash)
    case djangoPBKDF2SHA256(DjangoPBKDF2Hash)
    case djangoBcrypt(DjangoBcryptHash)
    case pbkdf2(PBKDF2ImportedHash)
    case hmac(HMACImportedHash)

    init(parsing text: String) throws(ImportedHashError) {
        guard text.utf8.count <= ImportedHashLimits.encodedCharacters else {
            throw .malformed(format: "password", reason: "longer than \(ImportedHashLimits.encodedCharacters) characters")
        }
        let whole = Substring(text)
        guard let parse = Self.parser(for: whole) else { throw .unknownFormat }
        // Every accepted form is printable ASCII: no NUL, control character or other text
        // reaches a format's parser (or, through bcrypt, C code).
        guard ImportedHashFields.isPrintableASCII(text) else {
            throw .malformed(format: "password", reason: "holds characters other than printable ASCII")
        }
        self = try parse(whole)
    }

    /// The parser of the format `text` announces by its prefix, if any.
    private static func parser(
        for text: Substring
    ) -> ((Substring) throws(ImportedHashError) -> ImportedPasswordHash)? {
        if BcryptImportedHash.recognises(text) {
            return { text throws(ImportedHashError) in .bcrypt(try BcryptImportedHash(parsing: text)) }
        } else if text.hasPrefix(FirebaseScryptHash.prefix) {
            return { text throws(ImportedHashError) in .firebaseScrypt(try FirebaseScryptHash(parsing: text)) }
        } else if text.hasPrefix(StandardScryptHash.prefix) {
            return { text throws(ImportedHashError) in .scrypt(try StandardScryptHash(parsing: text)) }
        } else if text.hasPrefix("$argon2") {
            return { text throws(ImportedHashError) in .argon2(try Argon2PHCHash(parsing: text)) }
        } else if text.hasPrefix(DjangoPBKDF2Hash.prefix) {
            return { text throws(ImportedHashError) in .djangoPBKDF2SHA256(try DjangoPBKDF2Hash(parsing: text)) }
        } else if text.hasPrefix(Argon2PHCHash.djangoPrefix + "$argon2") {
            return { text throws(ImportedHashError) in
                .argon2(try Argon2PHCHash(parsing: text.dropFirst(Argon2PHCHash.djangoPrefix.count)))
            }
        } else if DjangoBcryptHash.recognises(text) {
            return { text throws(ImportedHashError) in .djangoBcrypt(try DjangoBcryptHash(parsing: text)) }
        } else if PBKDF2ImportedHash.recognises(text) {
            return { text throws(ImportedHashError) in .pbkdf2(try PBKDF2ImportedHash(parsing: text)) }
        } else if text.hasPrefix(HMACImportedHash.prefix) {
            return { text throws(ImportedHashError) in .hmac(try HMACImportedHash(parsing: text)) }
        }
        return nil
    }

    /// The format behind the value.
    var format: any ImportedHashFormat {
        switch self {
        case .bcrypt(let hash): hash
        case .firebaseScrypt(let hash): hash
        case .scrypt(let hash): hash
        case .argon2(let hash): hash
        case .djangoPBKDF2SHA256(let hash): hash
        case .djangoBcrypt(let hash): hash
        case .pbkdf2(let hash): hash
        case .hmac(let hash): hash
        }
    }

    /// The canonical string to store: `init(parsing:)` reads it back to an equal value.
    var encoded: String { format.encoded }

    /// A short name of the format, for import summaries and audit records.
    var formatName: String {
        switch self {
        case .bcrypt: "bcrypt"
        case .firebaseScrypt: "firebase_scrypt"
        case .scrypt: "scrypt"
        case .argon2(let hash): hash.kind.rawValue
        case .djangoPBKDF2SHA256: "django_pbkdf2_sha256"
        case .djangoBcrypt(let hash): hash.prehashesWithSHA256 ? "django_bcrypt_sha256" : "django_bcrypt"
        // Firebase's own names for these kinds (its SHA-1 one is `PBKDF_SHA1`).
        case .pbkdf2(let hash): hash.variant == .sha256 ? "pbkdf2_sha256" : "pbkdf_sha1"
        case .hmac(let hash): "hmac_\(hash.variant.rawValue)"
        }
    }
}
