import XCTest
@_spi(Testing) import RACSwift

/// Fails the running test if `body` leaves any library subscription alive.
///
/// Subscriptions that end on other threads get up to `timeout` seconds to wind down, so a test
/// that finishes while a background scheduler is still releasing is not reported falsely.
public func assertNoLeaks(
    timeout: TimeInterval = 1, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> Void
) rethrows {
    let before = LiveSubscriptions.count
    try body()
    let after = waitForLiveSubscriptions(toReach: before, timeout: timeout)
    if after != before {
        XCTFail("assertNoLeaks: \(after - before) subscription object(s) still alive after the block", file: file, line: line)
    }
}

/// Polls `LiveSubscriptions.count` until it is `target` or `timeout` passes, spinning the
/// current run loop so main-queue work can finish; returns the last count seen.
@discardableResult
public func waitForLiveSubscriptions(toReach target: Int, timeout: TimeInterval = 1) -> Int {
    let deadline = Date().addingTimeInterval(timeout)
    var count = LiveSubscriptions.count
    while count != target, Date() < deadline {
        if Thread.isMainThread {
            RunLoop.current.run(until: Date().addingTimeInterval(0.001))
        } else {
            Thread.sleep(forTimeInterval: 0.001)
        }
        count = LiveSubscriptions.count
    }
    return count
}
