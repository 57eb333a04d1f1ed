import HTTPTypes
import Hummingbird

extension GatehouseServices {
    /// Who is calling: the TCP peer, or, when the peer is a trusted proxy
    /// (`GATEHOUSE_TRUSTED_PROXIES`), the right-most untrusted hop of its forwarded-address header
    /// (`GATEHOUSE_RATE_LIMIT_HEADER`, `X-Forwarded-For` by default); and the user agent.
    func client(of request: Request, context: GatehouseRequestContext) -> ClientInfo {
        let peer = context.remoteAddress?.ipAddress ?? "unknown"
        let proxies = configuration.rateLimits.trustedProxies
        var address = peer
        if !proxies.isEmpty, let headerName = HTTPField.Name(configuration.rateLimits.forwardedAddressHeader) {
            address = proxies.client(peer: peer, forwarded: request.headers[values: headerName])
        } else if let parsed = IPAddress(peer) {
            address = parsed.description
        }
        return ClientInfo(address: String(address.prefix(64)), userAgent: request.headers[.userAgent])
    }
}
