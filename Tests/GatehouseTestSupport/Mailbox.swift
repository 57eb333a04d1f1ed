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

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The dev mailbox's JSON API (`GET /_dev/mail/api/messages?to=`).
public struct DevMail: Decodable, Sendable {
    public var id: String
    public var to: String
    public var subject: String
    public var text: String

    /// The first URL in the text (the reset or confirmation link).
    public var link: String? {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
    }

    /// The 6-digit code ("Or enter this code in the app: 123456").
    public var code: String? {
        guard let range = text.range(of: "code in the app: ") else { return nil }
        return String(text[range.upperBound...].prefix(while: \.isNumber))
    }

    /// The `token` query value of the link.
    public var token: String? {
        link.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "token" }?.value }
    }
}

extension LiveServer {
    private struct MessageList: Decodable { var messages: [DevMail] }

    public func mail(to address: String) async throws -> [DevMail] {
        var components = URLComponents(url: baseURL.appendingPathComponent("_dev/mail/api/messages"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "to", value: address)]
        let (data, _) = try await URLSession.shared.data(from: components.url!)
        return try JSONDecoder().decode(MessageList.self, from: data).messages
    }

    /// Waits (up to 10 s) until `address` has at least `count` messages; returns the newest.
    public func waitForMail(to address: String, count: Int = 1) async throws -> DevMail {
        for _ in 0..<500 {
            let messages = try await mail(to: address)
            if messages.count >= count, let newest = messages.first { return newest }
            // Polled: the server's outbox delivers in the background and announces nothing to await.
            try await Task.sleep(for: .milliseconds(20))
        }
        throw MailDidNotArrive(address: address)
    }

    /// Opens an emailed link as a person does and returns where it sends the browser
    /// (`Location`), without following it. A `/verify` link opens a page with one button (mail
    /// scanners open links, so a GET spends nothing); its form is posted, as the button does.
    public func redirectTarget(of link: String) async throws -> URL? {
        let session = URLSession(configuration: .ephemeral, delegate: RedirectRefuser(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let url = local(link)
        let (data, response) = try await session.data(from: url)
        guard let http = response as? HTTPURLResponse else { return nil }
        if (300..<400).contains(http.statusCode) {
            return http.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0) }
        }
        guard http.statusCode == 200, let form = LinkPageForm(html: String(decoding: data, as: UTF8.self)),
            let action = URL(string: form.action, relativeTo: url)?.absoluteURL
        else { return nil }
        var request = URLRequest(url: action)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(form.encodedFields.utf8)
        let (_, posted) = try await session.data(for: request)
        guard let answer = posted as? HTTPURLResponse, (300..<400).contains(answer.statusCode) else { return nil }
        return answer.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0) }
    }

    public struct MailDidNotArrive: Error { var address: String }
}

/// The one form of the page a `/verify` link opens: its action and hidden fields.
struct LinkPageForm {
    var action: String
    var fields: [(String, String)]

    init?(html: String) {
        guard let form = html.range(of: "<form method=\"post\" action=\"") else { return nil }
        action = String(html[form.upperBound...].prefix { $0 != "\"" })
        fields = html.components(separatedBy: "<input type=\"hidden\" name=\"").dropFirst().compactMap { piece in
            let name = String(piece.prefix { $0 != "\"" })
            guard let value = piece.range(of: "value=\"") else { return nil }
            return (name, Self.unescape(String(piece[value.upperBound...].prefix { $0 != "\"" })))
        }
    }

    var encodedFields: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value) }
            .joined(separator: "&")
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&#x2F;", with: "/").replacingOccurrences(of: "&#x3D;", with: "=")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// Stops URLSession from following redirects, so a test can read `Location`.
public final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

public func uniqueEmail(_ prefix: String = "user") -> String {
    "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
}

public let testPassword = "correct-horse-battery"
