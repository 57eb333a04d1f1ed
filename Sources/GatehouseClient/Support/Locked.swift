import Foundation

/// A value behind a lock, for state shared across threads. `Synchronization`'s `Mutex` needs
/// iOS 18; `NSLock` is there on every platform the SDK runs on.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
