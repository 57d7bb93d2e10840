import XCTest
@_spi(Testing) import RACSwift

final class AnyAllTests: RACTestCase {
    func testAnyOnAnEmptySignalSendsFalseThenCompletes() {
        XCTAssertEqual(EventLog(Signal<Int>.empty.any()).events, [.next(false), .completed])
    }

    func testAnySendsTrueAtTheFirstValueAndStopsTheSource() {
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.any())
        XCTAssertEqual(log.events, [])
        source.send(1)
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(log.events, [.next(true), .completed])
    }

    func testAnyWithPredicateWaitsForAPassingValue() {
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.any { $0 > 2 })
        source.send(1)
        source.send(2)
        XCTAssertEqual(log.events, [])
        source.send(3)
        XCTAssertEqual(log.events, [.next(true), .completed])
        XCTAssertFalse(source.isSubscribed)
    }

    func testAnyStopsASynchronousSourceAtTheAnswer() {
        nonisolated(unsafe) var checked: [Int] = []
        let log = EventLog(SyncSource<Int>([.next(1), .next(5), .next(6), .completed]).signal.any {
            checked.append($0)
            return $0 > 2
        })
        XCTAssertEqual(checked, [1, 5])
        XCTAssertEqual(log.events, [.next(true), .completed])
    }

    func testAnySendsFalseWhenNoValuePasses() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .completed]).signal.any { $0 > 2 }).events,
                       [.next(false), .completed])
    }

    func testAnyOnErrorSendsFalseThenCompletesAsRAC() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .error(TestError())]).signal.any { $0 > 2 }).events,
                       [.next(false), .completed])
    }

    func testAllSendsFalseAtTheFirstFailingValueAndStopsTheSource() {
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.all { $0 < 3 })
        source.send(1)
        source.send(2)
        XCTAssertEqual(log.events, [])
        source.send(3)
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(log.events, [.next(false), .completed])
    }

    func testAllSendsTrueWhenEveryValuePasses() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .next(2), .completed]).signal.all { $0 < 3 }).events,
                       [.next(true), .completed])
    }

    func testAllOnAnEmptySignalSendsTrueThenCompletes() {
        XCTAssertEqual(EventLog(Signal<Int>.empty.all { _ in false }).events, [.next(true), .completed])
    }

    func testAllOnErrorSendsFalseThenCompletesAsRAC() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .error(TestError())]).signal.all { $0 < 3 }).events,
                       [.next(false), .completed])
    }

    func testDisposalStopsTheSource() {
        let source = ManualSource<Int>()
        let any = EventLog(source.signal.any { $0 > 5 })
        any.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
        let all = EventLog(source.signal.all { $0 > 5 })
        all.disposable.dispose()
        XCTAssertEqual(source.disposals, 2)
        source.send(1)
        XCTAssertEqual(any.events + all.events, [])
    }

    func testEachSubscriptionDecidesAfresh() {
        let signal = SyncSource<Int>([.next(4), .completed]).signal.any { $0 > 2 }
        XCTAssertEqual(EventLog(signal).events, [.next(true), .completed])
        XCTAssertEqual(EventLog(signal).events, [.next(true), .completed])
    }
}
