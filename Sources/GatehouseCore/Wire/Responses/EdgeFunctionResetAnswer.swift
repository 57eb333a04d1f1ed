/// Spec 003's answer from `POST /functions/v1/send-reset-email`: `{"success": true, "message"}`,
/// or `{"success": false, "error"}`. Absent fields are not sent.
public struct EdgeFunctionResetAnswer: Codable, Sendable, Equatable {
    public var success: Bool
    public var message: String?
    public var error: String?

    public init(success: Bool, message: String? = nil, error: String? = nil) {
        self.success = success
        self.message = message
        self.error = error
    }
}
