import HTTPTypes

/// Header names HTTPTypes has no constant for.
extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
}
