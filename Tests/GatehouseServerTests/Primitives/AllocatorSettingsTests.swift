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

import Testing

@testable import GatehouseServer

#if canImport(Glibc)
    import Glibc
#endif

/// The server fixes glibc's mmap and trim thresholds at start, unless the operator set them.
/// (What that does to the server's memory under load is measured by Benchmarks/memory.sh: the
/// allocator's state in this shared test process decides where a block comes from.)
@Suite("Allocator settings")
struct AllocatorSettingsTests {
    #if canImport(Glibc)
        @Test("the thresholds are set; an operator's own MALLOC_MMAP_THRESHOLD_ or MALLOC_TRIM_THRESHOLD_ is left alone")
        func thresholds() {
            for name in ["MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"] {
                setenv(name, "262144", 1)
                #expect(AllocatorSettings.keepLargeBlocksMapped() == false, "\(name)")
                unsetenv(name)
            }
            #expect(AllocatorSettings.keepLargeBlocksMapped())
        }
    #endif
}
