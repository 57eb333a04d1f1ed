import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the TCP peer's address, which is the
/// rate-limit key unless a trusted proxy header says otherwise.
struct GatehouseRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// GoTrue's body limit is 1 MiB (413 past it).
    var maxUploadSize: Int { 1 << 20 }
}
