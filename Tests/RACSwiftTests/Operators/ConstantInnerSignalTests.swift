import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

/// flattenMap, flatten(maxConcurrent:) and switchToLatest deliver a constant inner signal
/// (`return`, `empty`, `error`) without subscribing to it while a scheduler is current. These
/// tests pin the behaviour of that shortcut to what a subscription would do: the disposal
/// checks between the value and the termination, re-entrant sends, and the asynchronous path
/// when no scheduler is current.
final class ConstantInnerSignalTests: RACTestCase {
    // MARK: flattenMap

    func testFlattenMapOfReturnSendsNothingAfterDownstreamDisposesOnTheValue() {
        let outer = Subject<Int>()
        nonisolated(unsafe) var events: [String] = []
        nonisolated(unsafe) var disposable: Disposable?
        disposable = outer.flattenMap { Signal.return($0) }.subscribe(
            next: { value in
                events.append("\(value)")
                disposable?.dispose()
            },
            completed: { events.append("completed") })
        outer.sendNext(1)
        outer.sendCompleted()
        outer.sendNext(2)
        XCTAssertEqual(events, ["1"])
    }

    func testFlattenMapOfReturnCompletesWithTheSourceAfterTheLastValue() {
        let outer = Subject<Int>()
        let log = HigherLog(outer.flattenMap { Signal.return($0 * 10) })
        outer.sendNext(1)
        outer.sendNext(2)
        XCTAssertEqual(log.events, ["10", "20"])
        outer.sendCompleted()
        XCTAssertEqual(log.events, ["10", "20", "completed"])
    }

    func testFlattenMapOfEmptyAndErrorInnerSignals() {
        let outer = Subject<Int>()
        let log = HigherLog(outer.flattenMap { value -> Signal<Int> in
            value < 0 ? .error(TestError("neg \(value)")) : .empty
        })
        outer.sendNext(1)
        outer.sendNext(-2)
        outer.sendNext(3)
        outer.sendCompleted()
        XCTAssertEqual(log.events, ["error neg -2"])
    }

    func testFlattenMapOfErrorAfterDisposalSendsNothing() {
        let outer = HigherProbe<Int>()
        let log = HigherLog(outer.signal.flattenMap { _ in Signal<Int>.error(TestError.boom) })
        log.disposable.dispose()
        outer.send(1)
        XCTAssertEqual(log.events, [])
        XCTAssertEqual(outer.disposals, 1)
    }

    // The merge point of flattenMap and flatten recognizes a `return` by its class and sends
    // its value itself; every other inner signal goes the general way. Mixed, they keep order.
    func testFlattenMapOfReturnMixedWithOtherInnerSignalsKeepsOrder() {
        let outer = Subject<Int>()
        let log = HigherLog(outer.flattenMap { value -> Signal<Int>? in
            switch value % 4 {
            case 0: return .return(value)
            case 1: return Signal.return(value).map { $0 * 10 }  // a map over return: not constant
            case 2: return nil
            default: return Signal.return(value).concat(.return(-value))
            }
        })
        for value in 0..<8 { outer.sendNext(value) }
        XCTAssertEqual(log.events, ["0", "10", "3", "-3", "4", "50", "7", "-7"])
        outer.sendCompleted()
        XCTAssertEqual(log.events.last, "completed")
    }

    func testFlattenOfReturnSignalsSendsNothingAfterDownstreamDisposesOnTheValue() {
        let outer = Subject<Signal<Int>>()
        nonisolated(unsafe) var events: [String] = []
        nonisolated(unsafe) var disposable: Disposable?
        disposable = outer.flatten().subscribe(
            next: { value in
                events.append("\(value)")
                if value == 2 { disposable?.dispose() }
            },
            completed: { events.append("completed") })
        outer.sendNext(.return(1))
        outer.sendNext(.return(2))
        outer.sendNext(.return(3))
        outer.sendCompleted()
        XCTAssertEqual(events, ["1", "2"])
    }

    func testFlattenMapOfReturnSentReentrantlyFromDownstreamKeepsOrder() {
        let outer = Subject<Int>()
        nonisolated(unsafe) var events: [Int] = []
        let disposable = outer.flattenMap { Signal.return($0) }.subscribeNext { value in
            events.append(value)
            if value < 3 { outer.sendNext(value + 1) }
        }
        outer.sendNext(1)
        XCTAssertEqual(events, [1, 2, 3])
        disposable.dispose()
    }

    func testFlattenMaxConcurrentOneStartsSignalsQueuedDuringAConstantValue() {
        let outer = Subject<Signal<Int>>()
        let log = HigherLog(outer.flatten(maxConcurrent: 1))
        nonisolated(unsafe) var sentFollowUp = false
        let reentrant = Signal<Int>.return(1).doNext { _ in
            if !sentFollowUp {
                sentFollowUp = true
                outer.sendNext(.return(2))  // queued: the running signal holds the only slot
            }
        }
        outer.sendNext(reentrant)
        outer.sendNext(.return(3))
        outer.sendCompleted()
        XCTAssertEqual(log.events, ["1", "2", "3", "completed"])
    }

    func testConcatOfQueuedConstantSignalsCompletesAfterTheLast() {
        let outer = HigherProbe<Signal<Int>>()
        let log = HigherLog(outer.signal.concat())
        let gate = HigherProbe<Int>()
        outer.send(gate.signal)
        outer.send(.return(1))
        outer.send(.empty)
        outer.send(.return(2))
        outer.sendCompleted()
        XCTAssertEqual(log.events, [])
        gate.send(0)
        gate.sendCompleted()
        XCTAssertEqual(log.events, ["0", "1", "2", "completed"])
    }

    func testFlattenMapOfReturnOffTheMainThreadStillDeliversOnTheSubscriptionScheduler() {
        final class State: @unchecked Sendable {
            let lock = NSLock()
            var values: [Int] = []
            var sawNoScheduler = false
            var deliveredOnAScheduler = true
            var disposable: Disposable?
        }
        let state = State()
        let done = expectation(description: "completed")
        DispatchQueue.global().async {
            // No scheduler is current here: subscriptions (the outer one and each inner
            // `return`) run on the subscription scheduler's background scheduler.
            state.lock.withLock { state.sawNoScheduler = Scheduler.current == nil }
            let disposable = Signal<Int>.create { s in
                s.sendNext(1); s.sendNext(2); s.sendCompleted(); return nil
            }
            .flattenMap { value in Signal.return(value) }
            .subscribe(
                next: { value in
                    state.lock.withLock {
                        state.values.append(value)
                        if Scheduler.current == nil { state.deliveredOnAScheduler = false }
                    }
                },
                completed: { done.fulfill() })
            state.lock.withLock { state.disposable = disposable }
        }
        wait(for: [done], timeout: 10)
        state.lock.withLock {
            XCTAssertTrue(state.sawNoScheduler)
            XCTAssertTrue(state.deliveredOnAScheduler)
            XCTAssertEqual(state.values, [1, 2])
            state.disposable?.dispose()
        }
    }

    // MARK: switchToLatest

    func testSwitchToLatestOfConstantSignals() {
        let outer = Subject<Signal<Int>>()
        let log = HigherLog(outer.switchToLatest())
        outer.sendNext(.return(1))
        outer.sendNext(.empty)
        outer.sendNext(.return(2))
        XCTAssertEqual(log.events, ["1", "2"])
        outer.sendCompleted()
        XCTAssertEqual(log.events, ["1", "2", "completed"])
    }

    func testSwitchToLatestDropsTheCompletionOfAReturnReplacedDuringItsValue() {
        let outer = Subject<Signal<Int>>()
        let never = HigherProbe<Int>()
        nonisolated(unsafe) var events: [String] = []
        let disposable = outer.switchToLatest().subscribe(
            next: { value in
                events.append("\(value)")
                if value == 1 { outer.sendNext(never.signal) }
            },
            completed: { events.append("completed") })
        outer.sendNext(.return(1))
        // The replaced `return(1)` must not count as the latest inner signal completing.
        outer.sendCompleted()
        XCTAssertEqual(events, ["1"])
        XCTAssertTrue(never.isSubscribed)
        never.sendCompleted()
        XCTAssertEqual(events, ["1", "completed"])
        disposable.dispose()
    }

    func testSwitchToLatestOfReturnSendsNothingAfterDownstreamDisposesOnTheValue() {
        let outer = HigherProbe<Signal<Int>>()
        nonisolated(unsafe) var events: [String] = []
        nonisolated(unsafe) var disposable: Disposable?
        disposable = outer.signal.switchToLatest().subscribe(
            next: { value in
                events.append("\(value)")
                disposable?.dispose()
            },
            completed: { events.append("completed") })
        outer.send(.return(7))
        outer.sendCompleted()
        XCTAssertEqual(events, ["7"])
        XCTAssertEqual(outer.disposals, 1)
    }

    func testSwitchToLatestOfErrorFailsAndDisposesTheOuter() {
        let outer = HigherProbe<Signal<Int>>()
        let log = HigherLog(outer.signal.switchToLatest())
        outer.send(.return(1))
        outer.send(.error(TestError("inner")))
        outer.send(.return(2))
        XCTAssertEqual(log.events, ["1", "error inner"])
        XCTAssertEqual(outer.disposals, 1)
    }
}
