import Foundation
@_spi(Testing) import RACSwift
import XCTest

/// Contract §2.9: a finished subscription leaves nothing alive; a live one does not keep the
/// `Signal`s it was built from.
final class LifetimeTests: RACTestCase {
    private final class Token {}

    func testAFinishedSubscriptionLeavesNoObjectAlive() {
        weak var weakSignal: Signal<Int>?
        weak var weakSourceCapture: Token?
        weak var weakSinkCapture: Token?
        let live = LiveSubscriptions.count
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let values = Fixture.Log<Int>()
        do {
            nonisolated(unsafe) let sourceCapture = Token()
            nonisolated(unsafe) let sinkCapture = Token()
            weakSourceCapture = sourceCapture
            weakSinkCapture = sinkCapture
            let source = Signal<Int>.create { subscriber in
                _ = sourceCapture
                kept = subscriber
                return Disposable { _ = sourceCapture }
            }
            let signal = source
                .bind { { value, _ in Signal.return(value * 2) } }
                .concat(.return(100))
                .zip(with: Signal<Int>.create { $0.sendNext(1); $0.sendNext(2); $0.sendNext(3); return nil })
                .bind { { pair, _ in Signal.return(pair.0 + pair.1) } }
            weakSignal = signal
            signal.subscribe(next: { _ = sinkCapture; values.append($0) })
        }
        XCTAssertNil(weakSignal, "a live subscription does not keep its signals")
        XCTAssertGreaterThan(LiveSubscriptions.count, live)
        kept?.sendNext(1)
        kept?.sendNext(2)
        kept?.sendCompleted()
        XCTAssertEqual(values.all, [3, 6, 103])
        // The create block still holds its subscriber, yet the chain below it is gone: the
        // passthrough dropped it at the terminal event.
        XCTAssertNil(weakSinkCapture)
        XCTAssertEqual(LiveSubscriptions.count, live + 1, "only the create block's own subscriber is left")
        kept = nil
        XCTAssertEqual(LiveSubscriptions.count, live)
        XCTAssertNil(weakSourceCapture)
    }

    func testADisposedSubscriptionLeavesNoObjectAliveOnceTheSourceLetsGo() {
        weak var weakSinkCapture: Token?
        weak var weakSignal: Signal<Int>?
        let live = LiveSubscriptions.count
        let source = HigherProbe<Int>()
        let disposable: Disposable
        do {
            nonisolated(unsafe) let sinkCapture = Token()
            weakSinkCapture = sinkCapture
            let signal = source.signal.concat(.never).bind { { value, _ in Signal.return(value) } }
            weakSignal = signal
            disposable = signal.subscribe(next: { _ in _ = sinkCapture })
        }
        source.send(1)
        XCTAssertNil(weakSignal)
        disposable.dispose()
        XCTAssertNil(weakSinkCapture)
        XCTAssertEqual(LiveSubscriptions.count, live)
    }

    func testASourceThatKeepsSendingAfterDisposalLetsTheChainGo() {
        // A create block that ignores disposal and keeps its subscriber: its next send after
        // the disposal releases everything below it.
        weak var weakSinkCapture: Token?
        let live = LiveSubscriptions.count
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let disposable: Disposable
        do {
            nonisolated(unsafe) let sinkCapture = Token()
            weakSinkCapture = sinkCapture
            disposable = Signal<Int>.create { kept = $0; return nil }
                .bind { { value, _ in Signal.return(value) } }
                .subscribe(next: { _ in _ = sinkCapture })
        }
        kept?.sendNext(1)
        disposable.dispose()
        kept?.sendNext(2)
        XCTAssertNil(weakSinkCapture)
        XCTAssertEqual(LiveSubscriptions.count, live + 1, "only the create block's own subscriber is left")
        kept = nil
        XCTAssertEqual(LiveSubscriptions.count, live)
    }

    func testALiveSubscriptionDoesNotRetainItsSignals() {
        weak var weakSource: Signal<Int>?
        weak var weakBound: Signal<Int>?
        weak var weakZipped: Signal<(Int, Int)>?
        weak var weakConcatenated: Signal<Int>?
        weak var weakSecond: Signal<Int>?
        let first = HigherProbe<Int>()
        let recorder: EventLog<Int>
        do {
            let source = first.signal
            let second = Signal<Int>.return(9)
            let concatenated = source.concat(second)
            let zipped = concatenated.zip(with: Signal<Int>.never)
            let bound = zipped.bind { { pair, _ in Signal.return(pair.0) } }
            weakSource = source
            weakSecond = second
            weakConcatenated = concatenated
            weakZipped = zipped
            weakBound = bound
            recorder = EventLog(bound)
        }
        XCTAssertNil(weakSource)
        XCTAssertNil(weakConcatenated)
        XCTAssertNil(weakZipped)
        XCTAssertNil(weakBound)
        XCTAssertNotNil(weakSecond, "concat must subscribe to its second signal later, so it keeps it")
        first.sendCompleted()
        XCTAssertNil(weakSecond, "once subscribed, the second signal is no longer needed")
        recorder.disposable?.dispose()
    }

    func testUnpairedZipValuesAreReleasedWhenTheZipEnds() {
        weak var weakValue: Token?
        let left = HigherProbe<Token>()
        let right = HigherProbe<Int>()
        let recorder = EventLog(left.signal.zip(with: right.signal))
        do {
            let value = Token()
            weakValue = value
            left.send(value)
        }
        right.sendError()
        XCTAssertNil(weakValue)
        XCTAssertEqual(recorder.events.count, 1)
    }
}
