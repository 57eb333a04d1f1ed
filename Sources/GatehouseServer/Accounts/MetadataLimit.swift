import GatehouseCore

extension AccountService {
    /// Refuses a metadata object larger than `maximumMetadataBytes` as stored (compact JSON):
    /// `user_metadata` and `app_metadata` are copied into every access token, so unbounded
    /// metadata makes every token, and every request carrying one, unbounded (issue 11, item 15).
    func checkMetadataSize(_ object: [String: JSONValue], field: String) throws(AuthError) {
        let limit = configuration.maximumMetadataBytes
        guard JSONColumn.encode(object).utf8.count <= limit else {
            throw .validation("\(field) is too large: at most \(limit) bytes of JSON")
        }
    }
}
