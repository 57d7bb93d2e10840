import Foundation
import XCTest
@testable import RACSwift
import RACSwiftTesting

/// A source that counts up from 0, synchronously and forever, until its subscription is
/// disposed — the "infinite stream" of RAC's specs. It checks the compound it hands to the
/// subscriber, the way `take` stops a source still inside `subscribe`.
final class StreamInfiniteCounter: Signal<Int>, @unchecked Sendable {
    private(set) var disposals = 0
    private(set) var sent = 0

    override func subscribe(_ subscriber: some Subscriber<Int>) -> Disposable {
        let disposable = CompoundDisposable()
        disposable.add(Disposable { [unowned self] in disposals += 1 })
        subscriber.didSubscribe(with: disposable)
        var next = 0
        while !disposable.isDisposed {
            subscriber.sendNext(next)
            sent += 1
            next += 1
        }
        return disposable
    }
}

/// A source that ignores the contract's guards: it keeps its subscriber until the test lets go
/// (`subscriber = nil`), and sends whatever the test tells it to straight to it — unserialized,
/// after disposal, past a terminal event — as a hand-written `Signal` subclass that skips the
/// contract could, so that an operator's own checks are what the test sees. One subscription.
final class CarelessSource<Value>: Signal<Value>, @unchecked Sendable {
    var subscriber: (any Subscriber<Value>)?
    let subscription = CompoundDisposable()

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        self.subscriber = subscriber
        subscriber.didSubscribe(with: subscription)
        return subscription
    }
}

/// A source driven by the test: it keeps the subscriber its `create` block receives, so the
/// test can send events later, and counts disposals. Call `release()` before the test ends.
final class StreamManualSource<Value>: @unchecked Sendable {
    private(set) var subscriber: (any Subscriber<Value>)?
    private(set) var subscriptions = 0
    private(set) var disposals = 0
    let signal: Signal<Value>

    init() {
        nonisolated(unsafe) weak var me: StreamManualSource?
        signal = Signal.create { subscriber in
            me?.subscriber = subscriber
            me?.subscriptions += 1
            return Disposable { me?.disposals += 1 }
        }
        me = self
    }

    func send(_ values: Value...) { for value in values { subscriber?.sendNext(value) } }
    func fail(_ error: any Error = TestError(code: 1)) { subscriber?.sendError(error) }
    func complete() { subscriber?.sendCompleted() }
    func release() { subscriber = nil }
}

extension Array {
    /// Events as `Event<Value>` from plain values, followed by completion.
    static func valuesThenCompleted<Value>(_ values: [Value]) -> [Event<Value>] where Element == Event<Value> {
        values.map { .next($0) } + [.completed]
    }
}

/// A plain subscriber that records every event it gets — even after disposal, unlike
/// `AnySubscriber`, which drops its closures when disposed — so tests can prove that nothing
/// is delivered after the subscription was disposed. `onNext` runs after each value is
/// recorded, with the subscription's disposable.
final class StreamRecordingSubscriber<Value>: Subscriber, @unchecked Sendable {
    private(set) var events: [Event<Value>] = []
    private(set) var subscription: CompoundDisposable?
    var onNext: ((Value, CompoundDisposable?) -> Void)?

    func sendNext(_ value: Value) {
        events.append(.next(value))
        onNext?(value, subscription)
    }

    func sendError(_ error: any Error) { events.append(.error(error)) }
    func sendCompleted() { events.append(.completed) }
    func didSubscribe(with disposable: CompoundDisposable) { subscription = disposable }
}

/// The disposal rule of a single-source operator: subscribes to `operate(source)`, sends
/// `before`, disposes the subscription, then sends `after`. The subscriber must have received
/// exactly `expected` — nothing after disposal — and the source must have been disposed once.
func assertDisposingStopsValuesAndDisposesTheSource<Input, Output: Equatable>(
    _ operate: (Signal<Input>) -> Signal<Output>, sending before: [Input], thenAfterDisposal after: [Input],
    receives expected: [Output], file: StaticString = #filePath, line: UInt = #line
) {
    let source = StreamManualSource<Input>()
    let log = EventLog(operate(source.signal))
    before.forEach { source.send($0) }
    log.disposable.dispose()
    after.forEach { source.send($0) }
    XCTAssertEqual(log.values, expected, "values received", file: file, line: line)
    XCTAssertEqual(source.disposals, 1, "source disposals", file: file, line: line)
    source.release()
}

/// Resubscription of a single-source operator: each subscription to `operate(source)` runs the
/// synchronous source again and receives `expected`, then completion. Returns the source, for
/// further checks.
@discardableResult
func assertResubscriptionRunsTheSourceAgain<Input, Output: Equatable>(
    _ operate: (Signal<Input>) -> Signal<Output>, values: [Input], receives expected: [Output],
    file: StaticString = #filePath, line: UInt = #line
) -> SyncSource<Input> {
    let probe = SyncSource(values: values)
    let signal = operate(probe.signal)
    XCTAssertEqual(EventLog(signal).events, .valuesThenCompleted(expected), "first subscription", file: file, line: line)
    XCTAssertEqual(EventLog(signal).events, .valuesThenCompleted(expected), "second subscription", file: file, line: line)
    XCTAssertEqual(probe.subscriptions, 2, "source subscriptions", file: file, line: line)
    return probe
}

/// A single-source operator on virtual time: `operate` of a cold signal of `events` sends
/// `expected`, each at its source event's time.
func assertKeepsVirtualTimes<Output: Equatable>(
    _ operate: (Signal<Int>) -> Signal<Output>, of events: [Recorded<Int>], receives expected: [Recorded<Output>],
    file: StaticString = #filePath, line: UInt = #line
) {
    let scheduler = TestScheduler()
    let recorder = scheduler.record(operate(scheduler.createColdSignal(events)))
    scheduler.run()
    XCTAssertEqual(recorder.events, expected, file: file, line: line)
}
