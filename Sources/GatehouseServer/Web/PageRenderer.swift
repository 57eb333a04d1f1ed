import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// Renders the server's own HTML pages: Mustache templates inside one layout, served with a
/// strict Content-Security-Policy (no inline script or style, nothing from elsewhere) and
/// without a referrer (reset links carry tokens in their query).
struct PageRenderer: Sendable {
    private let library: MustacheLibrary

    init() {
        var library = MustacheLibrary()
        for (name, source) in PageTemplates.sources {
            if let template = try? MustacheTemplate(string: source) { library.register(template, named: name) }
        }
        self.library = library
    }

    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        .referrerPolicy: "no-referrer",
        .cacheControl: "no-store",
        .contentTypeOptions: "nosniff",
        .frameOptions: "DENY",
    ]

    /// `values` fill the page template; `title` the layout's title.
    func render(_ template: String, title: String, values: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        var context = values
        context["title"] = title
        let content = library.render(context, withTemplate: template) ?? ""
        let page = library.render(["title": title, "content": content], withTemplate: "layout") ?? content
        var headers = Self.securityHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page)))
    }
}

/// Static assets served from memory: the stylesheet shared by every page.
struct AssetsEndpoint {
    func addRoutes(to router: Router<GatehouseRequestContext>) {
        router.get("assets/gatehouse.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: PageTemplates.stylesheet))
            )
        }
    }
}
