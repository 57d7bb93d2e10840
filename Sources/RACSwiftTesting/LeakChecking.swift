import Foundation
@_spi(Testing) import RACSwift

// The live-subscription counter is process-wide: check leaks only where no other test runs at
// the same time (XCTest runs tests one by one; mark Swift Testing suites that check leaks
// `.serialized`). It counts in debug builds only; in release builds every check passes.

/// Fails the running test (XCTest or Swift Testing) if `body` leaves any library subscription
/// object alive.
///
/// Subscriptions that end on other threads get up to `timeout` seconds to wind down, so a test
/// that finishes while a background scheduler is still releasing is not reported falsely.
public func assertNoLeaks(
    timeout: TimeInterval = 1,
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: () throws -> Void
) rethrows {
    let leaked = try leakedSubscriptions(timeout: timeout, body)
    if leaked > 0 {
        recordTestFailure(leakMessage(leaked), fileID: fileID, file: file, line: line, column: column)
    }
}

/// Fails the running test (XCTest or Swift Testing) if `body` leaves any library subscription
/// object alive; the `async` form, which waits without blocking its thread.
public func assertNoLeaks(
    timeout: TimeInterval = 1,
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: () async throws -> Void
) async rethrows {
    let leaked = try await leakedSubscriptions(timeout: timeout, body)
    if leaked > 0 {
        recordTestFailure(leakMessage(leaked), fileID: fileID, file: file, line: line, column: column)
    }
}

/// How many more library subscription objects are alive after `body` than before it, once
/// those still winding down have had up to `timeout` seconds; 0 when nothing leaked.
public func leakedSubscriptions(timeout: TimeInterval = 1, _ body: () throws -> Void) rethrows -> Int {
    let before = LiveSubscriptions.count
    try body()
    return max(0, waitForLiveSubscriptions(toReach: before, timeout: timeout) - before)
}

/// How many more library subscription objects are alive after `body` than before it; the
/// `async` form.
public func leakedSubscriptions(timeout: TimeInterval = 1, _ body: () async throws -> Void) async rethrows -> Int {
    let before = LiveSubscriptions.count
    try await body()
    return max(0, await waitForLiveSubscriptions(toReach: before, timeout: timeout) - before)
}

/// Polls `LiveSubscriptions.count` until it is at most `target` or `timeout` passes, spinning
/// the current run loop so main-queue work can finish; returns the last count seen.
@discardableResult
public func waitForLiveSubscriptions(toReach target: Int, timeout: TimeInterval = 1) -> Int {
    let deadline = Date().addingTimeInterval(timeout)
    var count = LiveSubscriptions.count
    while count > target, Date() < deadline {
        if Thread.isMainThread {
            RunLoop.current.run(until: Date().addingTimeInterval(0.001))
        } else {
            Thread.sleep(forTimeInterval: 0.001)
        }
        count = LiveSubscriptions.count
    }
    return count
}

/// Polls `LiveSubscriptions.count` until it is at most `target` or `timeout` passes, sleeping
/// the task between polls; returns the last count seen.
@discardableResult
public func waitForLiveSubscriptions(toReach target: Int, timeout: TimeInterval = 1) async -> Int {
    let deadline = Date().addingTimeInterval(timeout)
    var count = LiveSubscriptions.count
    while count > target, Date() < deadline {
        try? await Task.sleep(nanoseconds: 1_000_000)
        count = LiveSubscriptions.count
    }
    return count
}

/// The number of library subscription objects alive when a test began, and the check that
/// the test ended with no more: the leak check a base `XCTestCase` runs around every test.
///
/// Take one in `setUp()` and call its `check()` in `tearDown()`:
///
/// ```swift
/// class LeakCheckedTestCase: XCTestCase {
///     private var baseline = LeakBaseline()
///     override func setUp() { super.setUp(); baseline = LeakBaseline() }
///     override func tearDown() { baseline.check(); super.tearDown() }
/// }
/// ```
///
/// Swift Testing suites use the ``LeakCheckTrait`` (`.checksLeaks`) instead.
public struct LeakBaseline: Sendable {
    /// `LiveSubscriptions.count` when the baseline was taken.
    public let count: Int

    /// Takes the baseline: the number of library subscription objects alive now.
    public init() {
        count = LiveSubscriptions.count
    }

    /// Fails the running test (XCTest or Swift Testing) if more subscription objects are alive
    /// than at ``init()``, once those still winding down have had up to `timeout` seconds.
    public func check(
        timeout: TimeInterval = 2,
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let live = waitForLiveSubscriptions(toReach: count, timeout: timeout)
        if live > count {
            recordTestFailure(baselineMessage(live - count), fileID: fileID, file: file, line: line, column: column)
        }
    }

    /// Fails the running test if more subscription objects are alive than at ``init()``; the
    /// `async` form, which waits without blocking its thread.
    public func check(
        timeout: TimeInterval = 2,
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let live = await waitForLiveSubscriptions(toReach: count, timeout: timeout)
        if live > count {
            recordTestFailure(baselineMessage(live - count), fileID: fileID, file: file, line: line, column: column)
        }
    }
}

private func leakMessage(_ leaked: Int) -> String {
    "assertNoLeaks: \(leaked) subscription object\(leaked == 1 ? "" : "s") still alive after the block"
}

func baselineMessage(_ leaked: Int) -> String {
    "\(leaked) subscription object\(leaked == 1 ? "" : "s") leaked by this test"
}
