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

import Testing

@testable import GatehouseWebAuthn

/// Bounded, seeded fuzzing: truncated, bit-flipped, mutated and random inputs through the CBOR
/// decoder and both verifiers. The typed `throws` makes "only typed errors" a compile-time fact;
/// these tests show that nothing traps (out-of-range index, overflow, huge allocation) and that
/// no corrupted assertion is ever accepted.
@Suite("Fuzz")
struct FuzzTests {
    /// Bytes that are CBOR heads of every kind, so random inputs reach deep into the decoder.
    static let interesting: [UInt8] = [
        0x00, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1f, 0x20, 0x38, 0x3b, 0x40, 0x58, 0x5b, 0x5f, 0x60, 0x78, 0x7b,
        0x7f, 0x80, 0x81, 0x98, 0x9b, 0x9f, 0xa0, 0xa1, 0xb8, 0xbb, 0xbf, 0xc0, 0xd8, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfb, 0xff,
    ]

    @Test("5,000 random inputs through the CBOR decoder")
    func randomCBOR() {
        var random = SeededGenerator(seed: 0xC0B0)
        var decoded = 0
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...48, using: &random)
            let input = (0..<length).map { _ in
                Bool.random(using: &random) ? Self.interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            if (try? CBORDecoder().decodePrefix(input)) != nil { decoded += 1 }
            _ = try? CBORDecoder(limits: .init(maximumDepth: 3, maximumItems: 8)).decode(input)
        }
        // Some random inputs are valid CBOR; the point is that none trapped.
        #expect(decoded > 0)
    }

    @Test("every strict prefix of an item fails, every bit flip of it decodes or fails cleanly")
    func truncatedAndFlippedCBOR() throws {
        let object = Base64URL.decode(
            SoftwareAuthenticator(.rs256).register(RegistrationInput(format: "packed")).response!.attestationObject!)!
        for length in 0..<object.count {
            #expect(throws: CBORError.self) { try CBORDecoder().decode(object.prefix(length)) }
        }
        for bit in 0..<object.count * 8 {
            var flipped = object
            flipped[bit / 8] ^= 1 << UInt8(bit % 8)
            _ = try? CBORDecoder().decode(flipped)
        }
    }

    @Test("mutated and truncated attestation objects through the registration verifier", arguments: [COSEAlgorithm.es256, .eddsa, .rs256])
    func registration(_ algorithm: COSEAlgorithm) {
        let verifier = RegistrationVerifier(relyingParty: Fixture.relyingParty)
        let credential = SoftwareAuthenticator(algorithm).register(RegistrationInput(format: "packed"))
        let object = Base64URL.decode(credential.response!.attestationObject!)!
        var random = SeededGenerator(seed: UInt64(bitPattern: Int64(algorithm.rawValue)))
        var accepted = 0
        func attempt(_ bytes: [UInt8]) {
            var mutated = credential
            mutated.response!.attestationObject = Base64URL.encode(bytes)
            if (try? verifier.verify(mutated, expectedChallenge: Fixture.challenge)) != nil { accepted += 1 }
        }
        for length in 0..<object.count {
            var mutated = credential
            mutated.response!.attestationObject = Base64URL.encode(object.prefix(length))
            #expect(throws: WebAuthnError.self) { try verifier.verify(mutated, expectedChallenge: Fixture.challenge) }
        }
        for bit in 0..<object.count * 8 {
            var flipped = object
            flipped[bit / 8] ^= 1 << UInt8(bit % 8)
            attempt(flipped)
        }
        for _ in 0..<2_000 {
            var mutated = object
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<mutated.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: mutated[index] = Self.interesting.randomElement(using: &random)!
                case 1: mutated.insert(UInt8.random(in: 0...255, using: &random), at: index)
                default: if mutated.count > 1 { mutated.remove(at: index) }
                }
            }
            attempt(mutated)
        }
        for _ in 0..<1_000 { attempt(random.bytes(Int.random(in: 0...300, using: &random))) }
        // A flip in the unsigned parts (AAGUID, counter, some flag bits) may still verify; a flip
        // in what packed self attestation signs may not. Most inputs must fail.
        #expect(accepted < object.count * 8 / 4)
    }

    @Test("truncated, bit-flipped and random client data through the registration verifier")
    func registrationClientData() {
        let verifier = RegistrationVerifier(relyingParty: Fixture.relyingParty)
        let credential = SoftwareAuthenticator(.es256).register()
        let original = Base64URL.decode(credential.response!.clientDataJSON!)!
        var random = SeededGenerator(seed: 0xC11E)
        var variants: [[UInt8]] = (0..<original.count).map { Array(original.prefix($0)) }
        variants += (0..<original.count * 8).map { bit in
            var flipped = original
            flipped[bit / 8] ^= 1 << UInt8(bit % 8)
            return flipped
        }
        variants += (0..<1_000).map { _ in random.bytes(Int.random(in: 0...200, using: &random)) }
        var accepted = 0
        for variant in variants {
            var mutated = credential
            mutated.response!.clientDataJSON = Base64URL.encode(variant)
            if (try? verifier.verify(mutated, expectedChallenge: Fixture.challenge)) != nil { accepted += 1 }
        }
        // Registration signs nothing over the client data (fmt none): a flip that only changes
        // the case of a letter of the origin (15 letters) or an unused low bit of the last
        // base64url character of the challenge (4 bits) still passes; anything else must not.
        #expect(accepted <= 19)
    }

    @Test("no corrupted assertion is accepted", arguments: [COSEAlgorithm.es256, .eddsa, .rs256])
    func assertion(_ algorithm: COSEAlgorithm) throws {
        let authenticator = SoftwareAuthenticator(algorithm)
        let verifier = AssertionVerifier(relyingParty: Fixture.relyingParty)
        let stored = authenticator.storedCredential()
        let credential = authenticator.assertion(AssertionInput(signCount: 3))
        #expect(throws: Never.self) { try verifier.verify(credential, expectedChallenge: Fixture.challenge, storedCredential: stored) }

        let fields: [WritableKeyPath<AuthenticationCredential.Response, String?>] = [\.authenticatorData, \.signature, \.clientDataJSON]
        var random = SeededGenerator(seed: 0xA55E &+ UInt64(bitPattern: Int64(algorithm.rawValue)))
        for field in fields {
            let original = Base64URL.decode(credential.response![keyPath: field]!)!
            var variants: [[UInt8]] = (0..<original.count).map { Array(original.prefix($0)) }
            variants += (0..<original.count * 8).map { bit in
                var flipped = original
                flipped[bit / 8] ^= 1 << UInt8(bit % 8)
                return flipped
            }
            variants += (0..<300).map { _ in random.bytes(Int.random(in: 0...(original.count + 8), using: &random)) }
            for variant in variants {
                var mutated = credential
                mutated.response![keyPath: field] = Base64URL.encode(variant)
                #expect(throws: WebAuthnError.self) {
                    try verifier.verify(mutated, expectedChallenge: Fixture.challenge, storedCredential: stored)
                }
            }
        }
    }

    @Test("random stored keys never crash the assertion verifier")
    func randomStoredKeys() {
        let authenticator = SoftwareAuthenticator(.es256)
        let verifier = AssertionVerifier(relyingParty: Fixture.relyingParty)
        let credential = authenticator.assertion()
        let key = authenticator.coseKey
        var random = SeededGenerator(seed: 0x5EED)
        for _ in 0..<2_000 {
            var stored = authenticator.storedCredential()
            var mutated = key
            let index = Int.random(in: 0..<mutated.count, using: &random)
            mutated[index] = UInt8.random(in: 0...255, using: &random)
            stored.publicKey = Bool.random(using: &random) ? mutated : random.bytes(Int.random(in: 0...80, using: &random))
            if stored.publicKey == key { continue }
            #expect(throws: WebAuthnError.self) {
                try verifier.verify(credential, expectedChallenge: Fixture.challenge, storedCredential: stored)
            }
        }
    }
}
