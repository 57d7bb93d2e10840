import XCTest
@_spi(Testing) import RACSwift

final class BufferCountTests: RACTestCase {
    func testSendsEachArrayAsSoonAsItIsFull() {
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.buffer(2))
        source.send(1)
        XCTAssertEqual(log.events, [])
        source.send(2)
        XCTAssertEqual(log.events, [.next([1, 2])])
        source.send(3)
        source.send(4)
        XCTAssertEqual(log.events, [.next([1, 2]), .next([3, 4])])
        log.disposable.dispose()
    }

    // RAC 2.5 drops the values of an incomplete last window when the source completes.
    func testCompletionDropsAnIncompleteLastArray() {
        let log = EventLog(SyncSource<Int>([.next(1), .next(2), .next(3), .completed]).signal.buffer(2))
        XCTAssertEqual(log.events, [.next([1, 2]), .completed])
    }

    func testErrorDropsTheIncompleteArrayAndIsForwarded() {
        let log = EventLog(SyncSource<Int>([.next(1), .next(2), .next(3), .error(TestError())]).signal.buffer(2))
        XCTAssertEqual(log.events, [.next([1, 2]), .error(TestError())])
    }

    func testCountOneSendsEveryValueAlone() {
        let log = EventLog(SyncSource<Int?>([.next(1), .next(nil), .completed]).signal.buffer(1))
        XCTAssertEqual(log.events, [.next([1]), .next([nil]), .completed])
    }

    func testAColdSourceIsSubscribedOnceAndEveryFullArrayIsSent() {
        let source = SyncSource<Int>([.next(1), .next(2), .next(3), .next(4), .next(5), .next(6), .completed])
        let log = EventLog(source.signal.buffer(3))
        XCTAssertEqual(log.events, [.next([1, 2, 3]), .next([4, 5, 6]), .completed])
        XCTAssertEqual(source.subscriptions, 1)
    }

    func testEachSubscriptionStartsWithAnEmptyArray() {
        let source = ManualSource<Int>()
        let buffered = source.signal.buffer(2)
        let first = EventLog(buffered)
        source.send(1)
        first.disposable.dispose()
        let second = EventLog(buffered)
        source.send(2)
        XCTAssertEqual(second.events, [])
        source.send(3)
        XCTAssertEqual(second.events, [.next([2, 3])])
        XCTAssertEqual(first.events, [])
        second.disposable.dispose()
    }

    func testDisposalStopsTheSource() {
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.buffer(2))
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.send(1)
        source.send(2)
        XCTAssertEqual(log.events, [])
    }
}
