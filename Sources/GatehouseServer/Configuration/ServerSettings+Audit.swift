/// The audit log (issue 18).
extension ServerSettings {
    static let audit: [any SettingDescription] = [auditRetention]

    static let auditRetention = Setting<Int>.duration(
        "GATEHOUSE_AUDIT_RETENTION", default: 90 * 86_400, shown: "`90d`",
        help: "how long audit log entries are kept before the hourly retention job deletes them (`0` = forever)"
    )
}
