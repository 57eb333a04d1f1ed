import Logging
import ServiceLifecycle

/// Runs `Retention.purge` once the schema is ready and then hourly, until shutdown.
struct RetentionService: Service {
    let service: AuthService
    var interval: Duration = .seconds(3600)

    func run() async throws {
        // A shutdown before migrations have run must not leave this task waiting.
        await withGracefulShutdownHandler {
            await service.schemaReady.wait()
        } onGracefulShutdown: {
            service.schemaReady.open()
        }
        while !Task.isShuttingDownGracefully {
            do {
                try await service.store.write { try await Retention.purge(now: Clock.now(), in: $0) }
            } catch {
                service.logger.warning("Retention: purge failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }
}
