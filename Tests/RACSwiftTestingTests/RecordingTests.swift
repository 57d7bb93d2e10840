import XCTest
import RACSwift
import RACSwiftTesting

final class RecordingTests: TestingTestCase {
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

    func testEventsGrowAsTheClockAdvances() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.cold("-a-b|"))
        XCTAssertEqual(recorder.events, [])
        scheduler.advance(by: 1)
        XCTAssertEqual(recorder.events, [.next(1, "a")])
        XCTAssertEqual(recorder.values, ["a"])
        XCTAssertFalse(recorder.isFinished)
        scheduler.advance(by: 3)
        XCTAssertEqual(recorder.events, [.next(1, "a"), .next(3, "b"), .completed(4)])
        XCTAssertEqual(recorder.values, ["a", "b"])
        XCTAssertTrue(recorder.isFinished)
    }

    func testErrorIsRecordedWithItsTime() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.createColdSignal([.next(1, 1), .error(2, TestError.boom)]))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(1, 1), .error(2, TestError.boom)])
        XCTAssertNotEqual(recorder.events, [.next(1, 1), .error(2, MarbleError())])
        XCTAssertTrue(recorder.isFinished)
    }

    func testRecordedEqualityComparesTimeAndEvent() {
        XCTAssertEqual(Recorded.next(1, "a"), Recorded.next(1, "a"))
        XCTAssertNotEqual(Recorded.next(1, "a"), Recorded.next(2, "a"))
        XCTAssertNotEqual(Recorded.next(1, "a"), Recorded.next(1, "b"))
        XCTAssertNotEqual(Recorded<String>.completed(1), Recorded<String>.error(1, TestError.boom))
        XCTAssertEqual(Recorded<String>.next(1.5, "a").description, "next(a) @ 1.5")
        XCTAssertEqual(Recorded<String>.completed(3).description, "completed @ 3")
    }

    func testSynchronousEventsAreRecordedAtTheSubscriptionTime() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 4)
        let recorder = scheduler.record(Signal.return(7).concat(Signal.return(8)))
        XCTAssertEqual(recorder.events, [.next(4, 7), .next(4, 8), .completed(4)])
    }

    func testColdSignalResubscribedStartsAfresh() {
        let scheduler = TestScheduler()
        let cold = scheduler.cold("-a|")
        let first = scheduler.record(cold.concat(cold))
        scheduler.run()
        XCTAssertEqual(first.events, [.next(1, "a"), .next(3, "a"), .completed(4)])
    }
}
