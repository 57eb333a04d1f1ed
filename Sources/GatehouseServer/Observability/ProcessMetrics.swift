//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import Foundation
import Prometheus
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The process's own metrics under the names every Prometheus client library uses (`process_*`):
/// CPU time, resident and virtual memory, open and allowed file descriptors, start time. Neither
/// swift-metrics nor swift-prometheus collects them, so they are read from Linux's `/proc` at each
/// scrape (`update()`) into gauges and a counter of the application's registry. Elsewhere nothing
/// is made.
final class ProcessMetrics: Sendable {
    private let cpu: Counter
    private let resident: Gauge
    private let virtual: Gauge
    private let openDescriptors: Gauge
    private let maximumDescriptors: Gauge
    private let startTime: Gauge
    /// The CPU seconds the counter holds: a scrape adds what was spent since (a counter only grows).
    private let countedCPUSeconds = Mutex<Double>(0)

    /// Registers the families in `registry`, on Linux only (nil elsewhere).
    static func make(in registry: PrometheusCollectorRegistry) -> ProcessMetrics? {
        #if os(Linux)
            return ProcessMetrics(registry: registry)
        #else
            return nil
        #endif
    }

    private init(registry: PrometheusCollectorRegistry) {
        func gauge(_ name: String) -> Gauge { registry.makeGauge(descriptor: MetricDescriptions.descriptor(name)) }
        cpu = registry.makeCounter(descriptor: MetricDescriptions.descriptor("process_cpu_seconds_total"))
        resident = gauge("process_resident_memory_bytes")
        virtual = gauge("process_virtual_memory_bytes")
        openDescriptors = gauge("process_open_fds")
        maximumDescriptors = gauge("process_max_fds")
        startTime = gauge("process_start_time_seconds")
    }

    /// Reads `/proc` now. A file that cannot be read leaves its metrics as they were.
    func update() {
        if let stat = ProcStat.current() {
            countedCPUSeconds.withLock { counted in
                if stat.cpuSeconds > counted {
                    cpu.increment(by: stat.cpuSeconds - counted)
                    counted = stat.cpuSeconds
                }
            }
            resident.set(to: stat.residentBytes)
            virtual.set(to: stat.virtualBytes)
            if let started = stat.startTimeSeconds { startTime.set(to: started) }
        }
        if let open = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            openDescriptors.set(to: Double(open.count))
        }
        if let limit = ProcStat.descriptorLimit() { maximumDescriptors.set(to: limit) }
    }
}

/// The fields of `/proc/self/stat` (proc(5)) the process metrics need.
struct ProcStat {
    var cpuSeconds: Double
    var virtualBytes: Double
    var residentBytes: Double
    var startTimeSeconds: Double?

    static func current() -> ProcStat? {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8) else { return nil }
        return parse(
            text, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))), pageSize: Double(sysconf(Int32(_SC_PAGESIZE))),
            bootTime: bootTime())
    }

    /// The fields after the command name, which is in parentheses and may hold spaces or
    /// parentheses itself: field 3 (`state`) is the first after the last `)`.
    static func parse(_ text: String, ticksPerSecond: Double, pageSize: Double, bootTime: Double?) -> ProcStat? {
        guard let close = text.lastIndex(of: ")"), ticksPerSecond > 0 else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // proc(5) numbers fields from 1; `fields[0]` is field 3.
        func field(_ number: Int) -> Double? { fields.indices.contains(number - 3) ? Double(fields[number - 3]) : nil }
        guard let user = field(14), let system = field(15), let started = field(22), let virtual = field(23), let pages = field(24)
        else { return nil }
        return ProcStat(
            cpuSeconds: (user + system) / ticksPerSecond, virtualBytes: virtual, residentBytes: pages * pageSize,
            startTimeSeconds: bootTime.map { $0 + started / ticksPerSecond })
    }

    /// `btime` of `/proc/stat`: the boot, in seconds since the epoch.
    static func bootTime() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("btime ") }
        return line.flatMap { Double($0.dropFirst("btime ".count)) }
    }

    /// The soft limit on open descriptors (`RLIMIT_NOFILE`).
    static func descriptorLimit() -> Double? {
        #if os(Linux)
            var limit = rlimit()
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
            return Double(limit.rlim_cur)
        #else
            return nil
        #endif
    }
}
