import Foundation
import RACSwift
import XCTest

/// A signal driven by hand from the test: counts its subscriptions and disposals and sends to
/// its latest subscriber. Used where the tests need to see that an inner subscription was
/// disposed, or to send from other threads.
final class HigherProbe<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _subscriptions = 0
    private var _disposals = 0
    private var subscriber: (any Subscriber<Value>)?
    private var onSubscribe: ((any Subscriber<Value>) -> Void)?

    /// `onSubscribe` runs inside each subscription, e.g. to send synchronously.
    init(onSubscribe: ((any Subscriber<Value>) -> Void)? = nil) {
        self.onSubscribe = onSubscribe
    }

    var subscriptions: Int { lock.withLock { _subscriptions } }
    var disposals: Int { lock.withLock { _disposals } }
    /// Subscribed and not yet disposed.
    var isSubscribed: Bool { lock.withLock { _subscriptions > _disposals } }

    var signal: Signal<Value> {
        Signal.create { [weak self] subscriber in
            guard let self else { return nil }
            let onSubscribe = self.lock.withLock { () -> ((any Subscriber<Value>) -> Void)? in
                self._subscriptions += 1
                self.subscriber = subscriber
                return self.onSubscribe
            }
            onSubscribe?(subscriber)
            return Disposable { [weak self] in
                guard let self else { return }
                self.lock.withLock {
                    self._disposals += 1
                    self.subscriber = nil
                }
            }
        }
    }

    private var current: (any Subscriber<Value>)? { lock.withLock { subscriber } }

    func send(_ value: Value) { current?.sendNext(value) }
    func sendCompleted() { current?.sendCompleted() }
    func sendError(_ error: any Error = TestError.boom) { current?.sendError(error) }
}

/// Collects every event of a subscription, in order, as strings that read well in asserts.
final class HigherLog<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _events: [String] = []
    private(set) var disposable: Disposable = Disposable()

    var events: [String] { lock.withLock { _events } }

    init(_ signal: Signal<Value>) {
        disposable = signal.subscribe(
            next: { [unowned self] value in self.append("\(value)") },
            error: { [unowned self] error in self.append("error \(error)") },
            completed: { [unowned self] in self.append("completed") })
    }

    func append(_ event: String) { lock.withLock { _events.append(event) } }
}

/// One of the two inputs of a two-input operator.
enum OperatorInput { case first, second }

/// RAC's error rule for an operator of two inputs: an error of `failing` is sent on at once,
/// as the only event, and the subscription to the other input is disposed. `prepare` runs
/// after subscribing, e.g. to hand the inner signal to an outer one.
func assertErrorIsSentAtOnceAndDisposesTheOtherInput<A, B, Output>(
    _ combine: (Signal<A>, Signal<B>) -> Signal<Output>, failing: OperatorInput, error name: String,
    prepare: (HigherProbe<A>, HigherProbe<B>) -> Void = { _, _ in },
    file: StaticString = #filePath, line: UInt = #line
) {
    let first = HigherProbe<A>()
    let second = HigherProbe<B>()
    let log = HigherLog(combine(first.signal, second.signal))
    prepare(first, second)
    switch failing {
    case .first: first.sendError(TestError(name))
    case .second: second.sendError(TestError(name))
    }
    XCTAssertEqual(log.events, ["error \(name)"], file: file, line: line)
    XCTAssertEqual(failing == .first ? second.disposals : first.disposals, 1, "disposals of the other input", file: file, line: line)
}
