import XCTest
@testable import RACSwift

/// `map` into `subscribeNext(_:)` calls the subscriber's closure from map's step, with the
/// check the subscriber's `sendNext` makes (`mapInternally`; release builds and the suite's
/// unwrapped run take it, debug builds' wrapper takes the general path). Each script goes
/// through `map(f).subscribeNext` and through `map(f)` into a subscriber that forwards to the
/// same kind of closure subscriber by hand, and both must log the same values — also for a
/// source that breaks the contract by sending past its end.
final class MapIntoSubscribeNextTests: RACTestCase {
    /// Forwards everything to a `NextSubscriber`: the general path (its `Subscriber` witness).
    private final class Forwarding: Subscriber, @unchecked Sendable {
        let target: NextSubscriber<Int>
        init(_ target: NextSubscriber<Int>) { self.target = target }
        func sendNext(_ value: Int) { target.sendNext(value) }
        func sendError(_ error: any Error) { target.sendError(error) }
        func sendCompleted() { target.sendCompleted() }
        func didSubscribe(with disposable: CompoundDisposable) { target.didSubscribe(with: disposable) }
    }

    private enum Step { case next(Int), error, completed }

    private func run(_ steps: [Step], direct: Bool) -> [Int] {
        let source = CarelessSource<Int>()
        let received = Fixture.Log<Int>()
        let mapped = source.map { $0 * 10 }
        let subscription = direct
            ? mapped.subscribeNext { received.append($0) }
            : mapped.subscribe(Forwarding(NextSubscriber { received.append($0) }))
        for step in steps {
            switch step {
            case .next(let value): source.subscriber?.sendNext(value)
            case .error: source.subscriber?.sendError(TestError(code: 3))
            case .completed: source.subscriber?.sendCompleted()
            }
        }
        subscription.dispose()
        source.subscriber = nil
        return received.all
    }

    func testValuesAreMappedInOrder() {
        let steps: [Step] = [.next(1), .next(2), .next(3), .completed]
        XCTAssertEqual(run(steps, direct: true), [10, 20, 30])
        XCTAssertEqual(run(steps, direct: false), [10, 20, 30])
    }

    /// Debug builds' serial-delivery check, which wraps each subscriber, stops a source that
    /// sends past its end before the value could reach the step: these scripts run in the
    /// suite's unwrapped run (`RACSWIFT_UNWRAPPED=1`, which CI makes), where release builds'
    /// path is taken.
    private func skipUnlessUnwrapped() throws {
        try XCTSkipIf(subscriptionsAreWrapped, "a source sending past its end stops at the serial-delivery check")
    }

    func testValuesPastCompletionAreDropped() throws {
        try skipUnlessUnwrapped()
        let steps: [Step] = [.next(1), .completed, .next(2), .next(3)]
        XCTAssertEqual(run(steps, direct: true), [10])
        XCTAssertEqual(run(steps, direct: false), [10])
    }

    func testValuesPastAnErrorAreDropped() throws {
        try skipUnlessUnwrapped()
        let steps: [Step] = [.next(1), .error, .next(2)]
        XCTAssertEqual(run(steps, direct: true), [10])
        XCTAssertEqual(run(steps, direct: false), [10])
    }

    func testValuesStopAtADisposalMadeInsideTheClosure() {
        let source = StreamManualSource<Int>()
        let received = Fixture.Log<Int>()
        final class Holder: @unchecked Sendable { var subscription: Disposable? }
        let holder = Holder()
        holder.subscription = source.signal.map { $0 + 100 }.subscribeNext { value in
            received.append(value)
            if value == 102 { holder.subscription?.dispose() }
        }
        source.send(1, 2, 3, 4)
        XCTAssertEqual(received.all, [101, 102])
        XCTAssertEqual(source.disposals, 1)
        holder.subscription = nil
        source.release()
    }

    func testASubjectsValuesStopAtDisposal() {
        let subject = Subject<Int>()
        let received = Fixture.Log<Int>()
        let subscription = subject.map { -$0 }.subscribeNext { received.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        subscription.dispose()
        subject.sendNext(3)
        XCTAssertEqual(received.all, [-1, -2])
    }

    func testAMapThatChangesTheTypeIntoSubscribeNext() {
        let subject = Subject<Int>()
        let received = Fixture.Log<String>()
        let subscription = subject.map { "v\($0)" }.subscribeNext { received.append($0) }
        subject.sendNext(1)
        subject.sendCompleted()
        subject.sendNext(2)
        XCTAssertEqual(received.all, ["v1"])
        subscription.dispose()
    }
}
