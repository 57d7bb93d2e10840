import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// A signal the test drives by hand, from any thread, that remembers how often it was
/// subscribed and disposed and on which scheduler each happened.
final class TimeManualSource<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [any Subscriber<Value>] = []
    private(set) var subscriptionCount = 0
    private(set) var disposalCount = 0
    private(set) var subscribedOn: [Scheduler?] = []
    private(set) var disposedOn: [Scheduler?] = []

    var signal: Signal<Value> {
        Signal.create { [self] subscriber in
            lock.withLock {
                subscribers.append(subscriber)
                subscriptionCount += 1
                subscribedOn.append(Scheduler.current)
            }
            return Disposable { [self] in
                lock.withLock {
                    disposalCount += 1
                    disposedOn.append(Scheduler.current)
                    subscribers.removeAll { $0 === subscriber }
                }
            }
        }
    }

    private var current: [any Subscriber<Value>] { lock.withLock { subscribers } }

    func sendNext(_ value: Value) { for s in current { s.sendNext(value) } }
    func sendError(_ error: any Error) { for s in current { s.sendError(error) } }
    func sendCompleted() { for s in current { s.sendCompleted() } }
}

/// `Date` at `seconds` of virtual time.
func virtualDate(_ seconds: TimeInterval) -> Date {
    TestScheduler.startDate.addingTimeInterval(seconds)
}

extension TestScheduler {
    /// Expects `expected` from a subscription to `signal` now and again from one at `later`
    /// seconds, each counted from its own subscription: every subscriber starts afresh.
    func expectMarblesOnEachSubscription<V: Equatable>(
        _ signal: Signal<V>, _ expected: String, values: [Character: V], error: any Error = MarbleError(),
        resubscribingAt later: TimeInterval, file: StaticString = #filePath, line: UInt = #line
    ) {
        expectMarbles(signal, expected, values: values, error: error, file: file, line: line)
        advance(to: virtualDate(later))
        expectMarbles(signal, expected, values: values, error: error, file: file, line: line)
    }

    /// Plays `input` as a hot signal from now, records `operate(input)` until nothing is
    /// scheduled, and checks every event with its virtual time: `expectMarbles` in event-list
    /// form, for times that are not whole seconds.
    func expectEvents<Input, Output: Equatable>(
        _ operate: (Signal<Input>) -> Signal<Output>, playing input: [Recorded<Input>],
        _ expected: [Recorded<Output>], file: StaticString = #filePath, line: UInt = #line
    ) {
        let recorder = record(operate(createHotSignal(input)))
        run()
        XCTAssertEqual(recorder.events, expected, file: file, line: line)
        recorder.disposable.dispose()
    }
}

/// The disposal rule of a time operator: subscribes to `operate(source)`, lets `midway` send
/// and move the clock, then disposes. The source must be disposed at once, every timer
/// cancelled (nothing left scheduled once the clock has run out), and nothing delivered.
func assertDisposalCancelsTimersAndSource<Output>(
    _ operate: (Signal<String>) -> Signal<Output>, on scheduler: TestScheduler,
    midway: (TimeManualSource<String>) -> Void, file: StaticString = #filePath, line: UInt = #line
) {
    let source = TimeManualSource<String>()
    let recorder = scheduler.record(operate(source.signal))
    midway(source)
    recorder.disposable.dispose()
    XCTAssertEqual(source.disposalCount, 1, "source disposals", file: file, line: line)
    scheduler.run()
    XCTAssertEqual(scheduler.scheduledCount, 0, "blocks left scheduled", file: file, line: line)
    XCTAssertTrue(recorder.events.isEmpty, "delivered \(recorder.events)", file: file, line: line)
}
