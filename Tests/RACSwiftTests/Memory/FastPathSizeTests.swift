#if canImport(Glibc)
import Glibc
@testable import RACSwift
import XCTest

/// The object sizes the fast paths' comments rely on (issue 39, item 5), so that a field added
/// to one of these objects fails here instead of silently costing what the comment says it
/// saves. Read with `malloc_usable_size`, which glibc rounds up to its chunk size and the
/// sanitizers' allocators report exactly, so the bound holds under both.
final class FastPathSizeTests: RACTestCase {
    /// glibc frees chunks of up to 128 bytes (8 of them its header) into its lock-free fast
    /// bins: a request of at most 120 bytes.
    private let largestFastBinRequest = 120

    /// glibc's `malloc_usable_size` (malloc.h, which the Glibc module does not import).
    private let mallocUsableSize: @convention(c) (UnsafeMutableRawPointer?) -> Int = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else {
            fatalError("no malloc_usable_size")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutableRawPointer?) -> Int).self)
    }()

    /// SubscribeOn.swift, `SubscribeOnClosureSubscription`: subscribe(on:)'s closure
    /// subscription is freed on the scheduler's thread without taking the allocator's lock
    /// because it fits a fast bin (112 bytes, where a compound of 152 contended with the
    /// subscribing thread's allocations: W11, Benchmarks/HISTORY.md, "Issue 28f: subscribe(on:) and delay under their floors").
    func testSubscribeOnClosureSubscriptionFitsGlibcFastBins() {
        let scheduler = TestScheduler()
        let subscription = Signal<Int>.return(1).subscribe(on: scheduler).subscribeNext { _ in }
        XCTAssertTrue(subscription is SubscribeOnClosureSink<Int>, "\(type(of: subscription)): not the closure sink")
        let size = mallocUsableSize(Unmanaged.passUnretained(subscription).toOpaque())
        XCTAssertLessThanOrEqual(
            size, largestFastBinRequest,
            "SubscribeOnClosureSink<Int> takes \(size) bytes, beyond glibc's fast bins (SubscribeOn.swift)")
        subscription.dispose()
        scheduler.run()
    }
}
#endif
