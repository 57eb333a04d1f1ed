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

@testable import GatehouseCore

@Suite("EmailAddress")
struct EmailAddressTests {
    @Test(
        "accepts addresses that match the spec pattern",
        arguments: [
            "user@example.com",
            "a@b.co",
            "first.last+tag@sub.domain.org",
            "a_b%c-d@x-y.io",
            "digits123@123example.com",
            ".leading-dot@example.com",  // the spec pattern allows it
            "user@example..com",  // so does the domain class [a-zA-Z0-9.-]+
            "UPPER@EXAMPLE.COM",
            "x@example.museum",
        ])
    func acceptsValid(_ raw: String) throws {
        let address = try EmailAddress(validating: raw)
        #expect(address.normalized == raw.lowercased())
        #expect(EmailAddress.isValid(raw))
    }

    @Test(
        "rejects addresses outside the spec pattern as .invalidFormat",
        arguments: [
            "plainaddress",  // no @
            "a@@example.com",  // two @
            "a@b@example.com",  // two @
            "user@example.c",  // TLD of one letter
            "user@example.c0m",  // TLD with a digit
            "user@example.123",  // numeric TLD
            "user@example",  // no dot in the domain
            "user@.com",  // nothing before the last dot
            "user@example.com.",  // trailing dot, empty TLD
            "@example.com",  // empty local part
            "user@",  // empty domain
            "üser@example.com",  // unicode local part
            "user@exämple.com",  // unicode domain
            "user@example.cöm",  // unicode TLD
            "us er@example.com",  // space in the local part
            "user@exa mple.com",  // space in the domain
            "user@exam_ple.com",  // underscore is not a domain character
            "user!@example.com",  // ! is not a local-part character
            "user@example.com\u{0}",  // control character
        ])
    func rejectsInvalid(_ raw: String) {
        #expect(throws: EmailValidationError.invalidFormat) { try EmailAddress(validating: raw) }
        #expect(!EmailAddress.isValid(raw))
    }

    @Test("empty or white space only is .missing", arguments: ["", " ", "   ", "\t", "\n", " \t\r\n "])
    func missing(_ raw: String) {
        #expect(throws: EmailValidationError.missing) { try EmailAddress(validating: raw) }
    }

    @Test("trims surrounding white space and lowercases")
    func trimsAndLowercases() throws {
        let address = try EmailAddress(validating: "  Jane.Doe+News@Example.ORG \n")
        #expect(address.normalized == "jane.doe+news@example.org")
        #expect(address.description == "jane.doe+news@example.org")
    }

    @Test("identity is case-insensitive")
    func caseInsensitiveIdentity() throws {
        let a = try EmailAddress(validating: "Someone@Example.com")
        let b = try EmailAddress(validating: " someone@example.COM")
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
    }

    @Test("exactly 255 characters is accepted, 256 is .tooLong")
    func maximumLength() throws {
        let domain = "@example.com"
        let ok = String(repeating: "a", count: 255 - domain.count) + domain
        #expect(ok.count == 255)
        #expect(try EmailAddress(validating: ok).normalized == ok)

        let long = String(repeating: "a", count: 256 - domain.count) + domain
        #expect(long.count == 256)
        #expect(throws: EmailValidationError.tooLong) { try EmailAddress(validating: long) }
        #expect(EmailAddress.maximumLength == 255)
    }

    @Test("length is measured after trimming")
    func lengthAfterTrimming() throws {
        let domain = "@example.com"
        let ok = String(repeating: "b", count: 255 - domain.count) + domain
        #expect(try EmailAddress(validating: "   \(ok)   ").normalized == ok)
    }

    @Test("an over-long address is .tooLong even when its format is also wrong")
    func tooLongBeforeFormat() {
        let long = String(repeating: "a", count: 300)
        #expect(throws: EmailValidationError.tooLong) { try EmailAddress(validating: long) }
    }
}
