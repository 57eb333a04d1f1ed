/// The time source of the feature models: request timeouts, cooldowns and countdowns read it,
/// so tests drive them with a `ManualClock` instead of waiting.
public protocol FeatureClock: Sendable {
    /// Monotonic time since the clock's origin.
    var now: Duration { get }
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// Real time (`ContinuousClock`).
public struct SystemClock: FeatureClock {
    private let origin: ContinuousClock.Instant

    public init() {
        origin = ContinuousClock.now
    }

    public var now: Duration { ContinuousClock.now - origin }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

extension Duration {
    /// Whole seconds, rounded up: what a countdown shows (59.2 s left reads "60").
    var secondsRoundedUp: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
