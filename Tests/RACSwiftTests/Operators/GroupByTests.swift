import RACSwift
import XCTest

final class GroupByTests: RACTestCase {
    /// Subscribes to each group as it arrives, logging its events under its key.
    private func subscribeGroups<Key: Hashable & Sendable, Value>(
        _ signal: Signal<GroupedSignal<Key, Value>>, into logs: HotGroupLogs<Key, Value>
    ) -> HotEventLog<Key> {
        let outer = HotEventLog<Key>()
        signal.subscribe(
            next: { group in
                outer.record(.next(group.key))
                logs.add(group)
            },
            error: { outer.record(.error($0)) },
            completed: { outer.record(.completed) })
        return outer
    }

    func testGroupByRoutesEachValueToTheGroupOfItsKey() {
        let logs = HotGroupLogs<Bool, Int>()
        let source = Signal<Int>.create { s in
            for value in 1...6 { s.sendNext(value) }
            s.sendCompleted()
            return nil
        }
        let outer = subscribeGroups(source.groupBy { $0.isMultiple(of: 2) }, into: logs)
        // A group is sent the first time its key appears, before its first value.
        XCTAssertEqual(outer.events, [.next(false), .next(true), .completed])
        XCTAssertEqual(logs.events(for: false), [.next(1), .next(3), .next(5), .completed])
        XCTAssertEqual(logs.events(for: true), [.next(2), .next(4), .next(6), .completed])
    }

    func testGroupByTransformSendsTransformedValuesToTheGroups() {
        let logs = HotGroupLogs<Int, String>()
        let source = Signal<String>.create { s in
            for word in ["a", "bb", "cc", "d"] { s.sendNext(word) }
            s.sendCompleted()
            return nil
        }
        let outer = subscribeGroups(source.groupBy({ $0.count }, transform: { $0.uppercased() }), into: logs)
        XCTAssertEqual(outer.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(logs.events(for: 1), [.next("A"), .next("D"), .completed])
        XCTAssertEqual(logs.events(for: 2), [.next("BB"), .next("CC"), .completed])
    }

    func testTerminalEventReachesTheOuterSubscriberFirstThenEveryGroupInOrder() {
        nonisolated(unsafe) var order: [String] = []
        let source = Subject<Int>()
        source.groupBy { $0 % 3 }.subscribe(
            next: { group in
                group.subscribe(error: { _ in order.append("group \(group.key)") })
            },
            error: { _ in order.append("outer") })
        source.sendNext(2)
        source.sendNext(0)
        source.sendNext(1)
        source.sendError(TestError.boom)
        XCTAssertEqual(order, ["outer", "group 2", "group 0", "group 1"])
    }

    func testErrorReachesEveryGroupWithItsValues() {
        let logs = HotGroupLogs<Int, Int>()
        let source = Subject<Int>()
        let outer = subscribeGroups(source.groupBy { $0 / 10 }, into: logs)
        source.sendNext(1)
        source.sendNext(11)
        source.sendNext(2)
        source.sendError(TestError.boom)
        XCTAssertEqual(outer.events, [.next(0), .next(1), .error(TestError.boom)])
        XCTAssertEqual(logs.events(for: 0), [.next(1), .next(2), .error(TestError.boom)])
        XCTAssertEqual(logs.events(for: 1), [.next(11), .error(TestError.boom)])
    }

    func testDisposingTheOuterSubscriptionStopsTheSource() {
        let source = HotCountingSource<Int>()
        let logs = HotGroupLogs<Int, Int>()
        let outer = HotEventLog<Int>()
        let subscription = source.signal.groupBy { $0 }.subscribe(next: { group in
            outer.record(.next(group.key))
            logs.add(group)
        })
        source.sendNext(1)
        subscription.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.sendNext(1)
        source.sendNext(2)
        XCTAssertEqual(outer.events, [.next(1)])
        XCTAssertEqual(logs.events(for: 1), [.next(1)])
        source.release()
    }

    /// The groups live in the subscription's table (issue 28f): kept while the source runs,
    /// let go of once its terminal event has reached them, or with the subscription when it is
    /// disposed.
    func testTheGroupsAreReleasedAtTheEndAndWithADisposedSubscription() {
        for ending in ["completed", "disposed"] {
            final class WeakGroup: @unchecked Sendable { weak var group: GroupedSignal<Int, Int>? }
            let first = WeakGroup()
            let source = RACSwift.Subject<Int>()
            let subscription = source.groupBy { $0 % 2 }.subscribeNext { group in
                if first.group == nil { first.group = group }
            }
            source.sendNext(1)
            source.sendNext(2)
            XCTAssertNotNil(first.group, "\(ending): kept while the source runs")
            if ending == "completed" { source.sendCompleted() } else { subscription.dispose() }
            XCTAssertNil(first.group, "\(ending): let go of")
            subscription.dispose()
        }
    }

    func testEmptySourceSendsNoGroups() {
        let outer = HotEventLog<GroupedSignal<Int, Int>>.subscribed(to: Signal<Int>.empty.groupBy { $0 })
        XCTAssertEqual(outer.events.count, 1)
        XCTAssertTrue(outer.events.first?.isFinished == true)
    }

    func testEachGroupIsASignalDeliveringItsValuesInSourceOrder() {
        // Each group is a Signal: subscribed as one, it sees its values as the source sends them.
        nonisolated(unsafe) var values: [String] = []
        Signal<Int>.create { s in
            for value in [1, 2, 3, 4] { s.sendNext(value) }
            s.sendCompleted()
            return nil
        }.groupBy { $0 % 2 }.subscribeNext { group in
            let signal: Signal<Int> = group
            signal.subscribeNext { values.append("\(group.key):\($0)") }
        }
        XCTAssertEqual(values, ["1:1", "0:2", "1:3", "0:4"])
    }
}

/// One log per group, by key.
final class HotGroupLogs<Key: Hashable, Value>: @unchecked Sendable {
    private var logs: [Key: HotEventLog<Value>] = [:]

    func add(_ group: GroupedSignal<Key, Value>) {
        let log = HotEventLog<Value>()
        logs[group.key] = log
        log.subscribe(to: group)
    }

    func events(for key: Key) -> [Event<Value>] {
        logs[key]?.events ?? []
    }
}
