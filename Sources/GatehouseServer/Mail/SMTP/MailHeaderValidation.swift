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

/// Checks what goes into the envelope and the headers before anything is sent: a line break in
/// a name, subject or address would let its author add headers or SMTP commands (header
/// injection), so the message is refused for good.
enum MailHeaderValidation {
    /// Longest address accepted (RFC 5321 path limit minus the angle brackets).
    static let maximumAddressLength = 254

    static func validate(_ message: MailMessage) throws(MailDeliveryError) {
        try validateAddress(message.from.address, role: "sender")
        try validateAddress(message.to.address, role: "recipient")
        try validateText(message.from.name, field: "sender name")
        try validateText(message.to.name, field: "recipient name")
        try validateText(message.subject, field: "subject")
    }

    static func validateAddress(_ address: String, role: String) throws(MailDeliveryError) {
        if address.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
            throw MailDeliveryError(transient: false, "invalid \(role) address: contains a line break (header injection refused)")
        }
        guard !address.isEmpty, address.utf8.count <= maximumAddressLength else {
            throw MailDeliveryError(transient: false, "invalid \(role) address: empty or longer than \(maximumAddressLength) characters")
        }
        guard address.utf8.allSatisfy({ (33...126).contains($0) && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") }) else {
            throw MailDeliveryError(
                transient: false,
                "invalid \(role) address: only printable ASCII without spaces or angle brackets is supported (no SMTPUTF8)"
            )
        }
        guard let at = address.lastIndex(of: "@"), at != address.startIndex,
            address.index(after: at) != address.endIndex
        else {
            throw MailDeliveryError(transient: false, "invalid \(role) address: expected local-part@domain")
        }
    }

    static func validateText(_ text: String?, field: String) throws(MailDeliveryError) {
        guard let text else { return }
        if text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
            throw MailDeliveryError(transient: false, "invalid \(field): contains a line break (header injection refused)")
        }
        if text.unicodeScalars.contains(where: { $0 != "\t" && $0.properties.generalCategory == .control }) {
            throw MailDeliveryError(transient: false, "invalid \(field): contains a control character")
        }
    }
}
