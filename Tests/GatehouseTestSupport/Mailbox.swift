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
            try await Task.sleep(for: .milliseconds(20))
        }
        throw MailDidNotArrive(address: address)
    }

    /// Opens a link without following its redirect and returns where it points (`Location`).
    public func redirectTarget(of link: String) async throws -> URL? {
        let session = URLSession(configuration: .ephemeral, delegate: RedirectRefuser(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(from: local(link))
        guard let http = response as? HTTPURLResponse, (300..<400).contains(http.statusCode),
              let location = http.value(forHTTPHeaderField: "Location") else { return nil }
        return URL(string: location)
    }

    public struct MailDidNotArrive: Error { var address: String }
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
