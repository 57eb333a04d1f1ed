import HTTPTypes
import Hummingbird

extension Request {
    /// GoTrue's `redirect_to`: from the query string, or a header of that name.
    var redirectTo: String? {
        uri.queryParameters.get("redirect_to") ?? headers[HTTPField.Name("redirect_to")!]
    }
}
