import HTTPTypes

extension AuthError {
    /// `Retry-After` when the error says how long to wait: every shape of error answer carries it.
    var retryAfterHeaders: HTTPFields {
        guard let wait = retryAfter else { return [:] }
        return [.retryAfter: String(wait)]
    }

    /// The status of the specs' `{"success": false, …}` envelopes (specs 003 and 004): the
    /// error's own, with any server-side failure reported as a plain 500.
    var envelopeStatus: HTTPResponse.Status {
        status.code >= 500 ? .internalServerError : status
    }
}
