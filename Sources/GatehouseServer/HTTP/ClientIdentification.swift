import HTTPTypes
import Hummingbird

extension AuthService {
    /// Who is calling: the address from the configured trusted proxy header (its first entry,
    /// the original client) or else the TCP peer, and the user agent.
    func client(of request: Request, context: GatehouseRequestContext) -> ClientInfo {
        var address = context.remoteAddress?.ipAddress ?? "unknown"
        if let headerName = configuration.rateLimits.clientAddressHeader.flatMap({ HTTPField.Name($0) }),
           let forwarded = request.headers[headerName]?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces),
           !forwarded.isEmpty {
            address = String(forwarded.prefix(64))
        }
        return ClientInfo(address: address, userAgent: request.headers[.userAgent])
    }
}
