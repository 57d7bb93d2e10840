import XCTest
@testable import RACSwift

final class ScanTests: RACTestCase {
    func testScanSendsTheRunningTotal() {
        let probe = SyncSource(values: [1, 2, 3, 4])
        XCTAssertEqual(EventLog(probe.signal.scan(withStart: 0) { $0 + $1 }).events, .valuesThenCompleted([1, 3, 6, 10]))
    }

    func testScanWithIndexPassesZeroBasedIndexes() {
        let probe = SyncSource(values: [1, 2, 3, 4])
        let scanned = probe.signal.scan(withStart: 0) { running, next, index in running + next + index }
        XCTAssertEqual(EventLog(scanned).events, .valuesThenCompleted([1, 4, 9, 16]))
    }

    // Seed 000: start 2, values 1, 1, 4, running * next + index gives 2, 3, 14.
    func testScanWithIndexReproducesTheSeedExample() {
        let source = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(1)
            subscriber.sendNext(4)
            return Disposable {}
        }
        nonisolated(unsafe) var values: [Int] = []
        let disposable = source.scan(withStart: 2) { running, next, index in running * next + index }
            .subscribeNext { values.append($0) }
        XCTAssertEqual(values, [2, 3, 14])
        disposable.dispose()
    }

    func testScanCanChangeTheValueType() {
        let probe = SyncSource(values: ["a", "b", "c"])
        XCTAssertEqual(EventLog(probe.signal.scan(withStart: [String]()) { $0 + [$1] }).events,
                       .valuesThenCompleted([["a"], ["a", "b"], ["a", "b", "c"]]))
    }

    func testScanOfEmptyOnlyCompletes() {
        XCTAssertEqual(EventLog(Signal<Int>.empty.scan(withStart: 100) { $0 + $1 }).events, [.completed])
    }

    func testScanForwardsError() {
        let probe = SyncSource(values: [1, 2], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.scan(withStart: 0) { $0 + $1 }).events,
                       [.next(1), .next(3), .error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testDisposingScanDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.scan(withStart: 0) { $0 + $1 } }, sending: [1, 2], thenAfterDisposal: [3], receives: [1, 3])
    }

    func testScanStartsFromTheStartAndIndexZeroOnEachSubscription() {
        let probe = SyncSource(values: [1, 2, 3])
        nonisolated(unsafe) var indexes: [Int] = []
        let scanned = probe.signal.scan(withStart: 10) { running, next, index in
            indexes.append(index)
            return running + next
        }
        XCTAssertEqual(EventLog(scanned).events, .valuesThenCompleted([11, 13, 16]))
        XCTAssertEqual(EventLog(scanned).events, .valuesThenCompleted([11, 13, 16]))
        XCTAssertEqual(indexes, [0, 1, 2, 0, 1, 2])
    }

    func testConcurrentSubscriptionsKeepSeparateAccumulators() {
        let first = StreamManualSource<Int>()
        let scanned = first.signal.scan(withStart: 0) { $0 + $1 }
        nonisolated(unsafe) var a: [Int] = []
        nonisolated(unsafe) var b: [Int] = []
        let da = scanned.subscribeNext { a.append($0) }
        let sourceA = first.subscriber
        let db = scanned.subscribeNext { b.append($0) }
        sourceA?.sendNext(1)
        first.send(10)
        sourceA?.sendNext(1)
        XCTAssertEqual(a, [1, 2])
        XCTAssertEqual(b, [10])
        da.dispose()
        db.dispose()
        first.release()
    }
}
