import XCTest
import RACSwift
import RACSwiftTesting

final class LeakCheckingTests: XCTestCase {
    func testFinishedSubscriptionLeavesNothingAlive() {
        assertNoLeaks {
            Signal.return(1).subscribeNext { _ in }
        }
    }
}

final class RecordingTests: XCTestCase {
    func testColdSignalRecordsAtVirtualTimesFromSubscription() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 5)
        let cold = scheduler.createColdSignal([.next(1, "a"), .next(3, "b"), .completed(4)])
        let recorder = scheduler.record(cold.map { $0.uppercased() })
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(6, "A"), .next(8, "B"), .completed(9)])
    }

    func testHotSignalMissesEventsBeforeSubscription() {
        let scheduler = TestScheduler()
        let hot = scheduler.createHotSignal([.next(1, 1), .next(3, 3), .completed(5)])
        scheduler.advance(by: 2)
        let recorder = scheduler.record(hot)
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(3, 3), .completed(5)])
    }
}
