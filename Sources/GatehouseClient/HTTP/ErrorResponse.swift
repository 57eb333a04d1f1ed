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
import GatehouseCore

/// Reads an error answer in any of the shapes GoTrue has used: `{"code","message"}` (API version
/// 2024-01-01), the legacy `{"code": 400, "error_code", "msg"}`, and the OAuth
/// `{"error","error_description"}` of older servers; plus the reset backends' `{"error": …}`.
enum ErrorResponse {
    static func error(_ result: HTTPResult) -> AuthClientError {
        let status = result.statusCode
        let body = result.data
        let header = RetryAfter.seconds(fromHeader: result.header("Retry-After"))
        guard let object = (try? JSONDecoder().decode(JSONValue.self, from: body))?.objectValue else {
            if status >= 500 { return .server(status: status) }
            let code: AuthErrorCode = status == 429 ? .overRequestRateLimit : .unknown
            let text = String(decoding: body.prefix(200), as: UTF8.self)
            return .api(APIError(status: status, code: code, message: text, retryAfter: header))
        }
        let modern = result.header(APIVersion.header).map(APIVersion.selectsModernErrorShape) ?? false
        let codeText =
            (modern ? object["code"]?.stringValue : nil)
            ?? object["error_code"]?.stringValue
            ?? object["code"]?.stringValue
            ?? object["error"]?.stringValue
        let message =
            object["msg"]?.stringValue ?? object["message"]?.stringValue
            ?? object["error_description"]?.stringValue ?? object["error"]?.stringValue
            ?? "HTTP \(status)"
        var code = codeText.map(AuthErrorCode.init(rawValue:)) ?? (status >= 500 ? .unexpectedFailure : .unknown)
        if status == 429, !APIError(status: 0, code: code, message: "").isRateLimit { code = .overRequestRateLimit }
        let reasons = object["weak_password"]?.objectValue?["reasons"].flatMap { value -> [String]? in
            guard case .array(let items) = value else { return nil }
            return items.compactMap(\.stringValue)
        }
        let retryAfter = header ?? (status == 429 ? RetryAfter.seconds(fromMessage: message) : nil)
        return .api(APIError(status: status, code: code, message: message, retryAfter: retryAfter, weakPasswordReasons: reasons))
    }
}

/// How long a 429 says to wait.
enum RetryAfter {
    /// `Retry-After: 42` or `Retry-After: <HTTP-date>`.
    static func seconds(fromHeader value: String?, now: Date = Date()) -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }

    /// A wait stated in the text, as hosted GoTrue words it: "…after 42 seconds", "…after 10 minutes".
    static func seconds(fromMessage message: String) -> Int? {
        let words = message.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        for (index, word) in words.enumerated() {
            guard let number = Int(word), index + 1 < words.count else { continue }
            let unit = words[index + 1]
            if unit.hasPrefix("second") { return number }
            if unit.hasPrefix("minute") { return number * 60 }
            if unit.hasPrefix("hour") { return number * 3600 }
        }
        return nil
    }
}
