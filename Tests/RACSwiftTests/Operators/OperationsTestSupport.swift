import XCTest
@_spi(Testing) import RACSwift

/// A cold source driven by hand: it keeps each subscription's subscriber until that
/// subscription ends, and counts subscriptions and disposals.
// Single-threaded by construction: driven from the test's thread only.
final class ManualSource<Value>: @unchecked Sendable {
    private(set) var subscribers: [any Subscriber<Value>] = []
    private(set) var subscriptions = 0
    private(set) var disposals = 0

    var signal: Signal<Value> {
        Signal.create { [self] subscriber in
            subscriptions += 1
            subscribers.append(subscriber)
            return Disposable { [weak self, weak subscriber] in
                guard let self else { return }
                disposals += 1
                subscribers.removeAll { $0 === subscriber }
            }
        }
    }

    var isSubscribed: Bool { !subscribers.isEmpty }

    func send(_ value: Value) { subscribers.last?.sendNext(value) }
    func fail(_ error: any Error = TestError()) { subscribers.last?.sendError(error) }
    func complete() { subscribers.last?.sendCompleted() }
}

/// Records a subscription's events in arrival order, from any thread.
final class EventLog<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Event<Value>] = []
    private(set) var disposable: Disposable!

    init(_ signal: Signal<Value>) {
        disposable = signal.subscribe(
            next: { [weak self] in self?.append(.next($0)) },
            error: { [weak self] in self?.append(.error($0)) },
            completed: { [weak self] in self?.append(.completed) })
    }

    private func append(_ event: Event<Value>) { lock.withLock { recorded.append(event) } }

    var events: [Event<Value>] { lock.withLock { recorded } }
    var values: [Value] { events.compactMap(\.value) }
}

/// A cold source that sends `events` synchronously to each subscriber (RAC specs'
/// `streamWithValues`) and counts subscriptions and disposals.
final class SyncSource<Value>: @unchecked Sendable {
    private(set) var subscriptions = 0
    private(set) var disposals = 0
    let signal: Signal<Value>

    init(_ events: [Event<Value>]) {
        nonisolated(unsafe) let events = events
        nonisolated(unsafe) weak var me: SyncSource?
        signal = Signal.create { subscriber in
            me?.subscriptions += 1
            for event in events {
                switch event {
                case .next(let value): subscriber.sendNext(value)
                case .error(let error): subscriber.sendError(error)
                case .completed: subscriber.sendCompleted()
                }
            }
            return Disposable { me?.disposals += 1 }
        }
        me = self
    }

    convenience init(values: [Value], then terminal: Event<Value> = .completed) {
        self.init(values.map { .next($0) } + [terminal])
    }
}

/// The disposal rule of an operator over one source: subscribes to `operate(source)`, sends
/// `before`, disposes the subscription — which must dispose the source — and lets `after`
/// drive the source on. The subscription must have received exactly `expected`.
func assertDisposalDisposesTheSource<Input, Output: Equatable>(
    _ operate: (Signal<Input>) -> Signal<Output>, sending before: [Input],
    thenAfterDisposal after: (ManualSource<Input>) -> Void, receives expected: [Event<Output>],
    file: StaticString = #filePath, line: UInt = #line
) {
    let source = ManualSource<Input>()
    let log = EventLog(operate(source.signal))
    before.forEach { source.send($0) }
    log.disposable.dispose()
    XCTAssertEqual(source.disposals, 1, "source disposals", file: file, line: line)
    after(source)
    XCTAssertEqual(log.events, expected, file: file, line: line)
}

/// A two-input operator keeps no state between subscriptions: two subscriptions in turn to
/// `combine(a, b)` over synchronous sources of `a` and `b` each get `expected` then completion,
/// and each subscribes to both inputs anew.
func assertEachSubscriptionStartsAfresh<Output: Equatable>(
    _ combine: (Signal<Int>, Signal<Int>) -> Signal<Output>, a: [Int], b: [Int], receives expected: [Output],
    file: StaticString = #filePath, line: UInt = #line
) {
    let first = SyncSource(values: a)
    let second = SyncSource(values: b)
    let combined = combine(first.signal, second.signal)
    for _ in 0..<2 {
        XCTAssertEqual(EventLog(combined).events, expected.map { .next($0) } + [.completed], file: file, line: line)
    }
    XCTAssertEqual([first.subscriptions, second.subscriptions], [2, 2], "subscriptions to each input", file: file, line: line)
}
