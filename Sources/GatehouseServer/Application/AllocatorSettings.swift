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

#if canImport(Glibc)
    import Glibc
#endif

/// The process's memory allocator, set up before the server starts.
public enum AllocatorSettings {
    /// Blocks from this size up are mapped on their own and unmapped when freed (glibc's
    /// initial value, kept from moving).
    static let mmapThreshold = 128 * 1024
    /// Free space at the top of an arena beyond this goes back to the kernel.
    static let trimThreshold = 1024 * 1024

    /// glibc's allocator raises its mmap threshold each time it frees a block it had mapped (up
    /// to 32 MiB), and its trim threshold with it. After the first large request body (the
    /// server accepts up to 1 MiB) has come and gone, blocks of that size are carved from the
    /// threads' arenas instead, which keep the space: the server's memory grew under load and
    /// stayed. A fixed mmap threshold keeps large blocks mapped and gives them back when they
    /// are freed (Benchmarks/PROFILE.md, "Memory").
    ///
    /// The trim threshold is fixed too (setting either stops both from moving), at 1 MiB rather
    /// than glibc's initial 128 KiB: at 128 KiB an arena gave its top back to the kernel, and
    /// took it again, many times a second under load, each time unmapping pages and
    /// interrupting the other core to flush its TLB (Benchmarks/PROFILE.md, "The allocator's
    /// trim threshold").
    ///
    /// An operator's own `MALLOC_MMAP_THRESHOLD_` or `MALLOC_TRIM_THRESHOLD_` is left as it is;
    /// elsewhere than glibc this does nothing. Returns whether the thresholds were set.
    @discardableResult
    public static func keepLargeBlocksMapped() -> Bool {
        #if canImport(Glibc)
            guard getenv("MALLOC_MMAP_THRESHOLD_") == nil, getenv("MALLOC_TRIM_THRESHOLD_") == nil else { return false }
            // Glibc's Swift module does not export `mallopt`; the C library has it under that name.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return false }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            // malloc.h: M_MMAP_THRESHOLD is -3, M_TRIM_THRESHOLD is -1.
            return mallopt(-3, Int32(mmapThreshold)) == 1 && mallopt(-1, Int32(trimThreshold)) == 1
        #else
            return false
        #endif
    }

    /// Gives the free memory in every arena back to the kernel (`malloc_trim(0)`): the free
    /// space each arena keeps at its top (up to `trimThreshold`) and the whole free pages inside
    /// it. Worth calling when the process goes quiet after work (`IdleMemoryTrimmer`); under load
    /// the same pages would be faulted in again at once. Returns whether anything was given
    /// back; elsewhere than glibc it does nothing.
    @discardableResult
    static func returnFreeMemory() -> Bool {
        #if canImport(Glibc)
            // Like `mallopt`, not exported by the Glibc module.
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(nil, "malloc_trim") else { return false }
            return unsafeBitCast(symbol, to: MallocTrim.self)(0) == 1
        #else
            return false
        #endif
    }
}
