import GatehouseCore

/// The server's notion of now. One place, so tests and code agree on units.
enum Clock {
    static func now() -> Timestamp { Timestamp.now() }
    static func nowMicros() -> Int64 { now().microsecondsSinceEpoch }
}
