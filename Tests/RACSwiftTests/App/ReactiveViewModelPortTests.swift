// ReactiveViewModel's RVMViewModel (the `active` part) and its spec's "active property" cases,
// ported line by line onto a synchronously observed model: issue 29's acceptance test. Every
// case runs with no scheduler turn for the observation; only the throttle's one-second
// interval is virtual time on a TestScheduler (RVM's spec waits for it with `will`).
//
// Not ported, as they are not about observation: the spec's "-init", "the view model chain"
// and "-viewModelPassingTest:" groups test an older RVMViewModel's parent/root chain, which
// the RVMViewModel.m ported here no longer has.
import Foundation
import XCTest
@testable import RACSwift

/// RVMViewModel: `active`, set only when it changes; signals derived from it; signals
/// forwarded or throttled by it. `@unchecked Sendable` because the derived signals' closures
/// capture the view model weakly, as RVM's `@weakify(self)` did.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
class PortedViewModel: ReactiveObject, @unchecked Sendable {
    /// The interval by which `throttleSignalWhileInactive` throttles (RVM: one second).
    static let inactiveThrottleInterval: TimeInterval = 1

    /// The scheduler of the throttle (RVM used the default one).
    let throttleScheduler: Scheduler?

    init(throttleScheduler: Scheduler? = nil) {
        self.throttleScheduler = throttleScheduler
    }

    // RVM's -setActive: skips the KVO notification when the value does not change.
    @Observed private var isActive = false
    var active: Bool {
        get { isActive }
        set { if newValue != isActive { isActive = newValue } }
    }

    lazy var didBecomeActiveSignal: Signal<PortedViewModel> = {
        signal(for: \.active)
            .filter { $0 }
            .flattenMap { [weak self] _ in self.map { Signal.return($0) } }
            .setName("\(self) -didBecomeActiveSignal")
    }()

    lazy var didBecomeInactiveSignal: Signal<PortedViewModel> = {
        signal(for: \.active)
            .filter { !$0 }
            .flattenMap { [weak self] _ in self.map { Signal.return($0) } }
            .setName("\(self) -didBecomeInactiveSignal")
    }()

    func forwardSignalWhileActive<Value>(_ signal: Signal<Value>) -> Signal<Value> {
        let activeSignal = self.signal(for: \.active)
        return Signal<Value>.create { subscriber in
            let disposable = CompoundDisposable()
            let forwarded = SerialDisposable()
            disposable.add(forwarded)
            let activeDisposable = activeSignal.subscribe(
                next: { active in
                    if active {
                        forwarded.disposable = signal.subscribe(
                            next: { subscriber.sendNext($0) }, error: { subscriber.sendError($0) })
                    } else {
                        forwarded.disposable = nil
                    }
                },
                error: { subscriber.sendError($0) },
                completed: { subscriber.sendCompleted() })
            disposable.add(activeDisposable)
            return disposable
        }.setName("\(self) -forwardSignalWhileActive: \(signal)")
    }

    func throttleSignalWhileInactive<Value>(_ signal: Signal<Value>) -> Signal<Value> {
        let signal = signal.replayLast()
        return self.signal(for: \.active)
            .take(until: signal.ignoreValues() as Signal<Void>)
            .combineLatest(with: signal)
            .throttle(Self.inactiveThrottleInterval, on: throttleScheduler) { active, _ in !active }
            .map { _, value in value }
            .setName("\(self) -throttleSignalWhileInactive: \(signal)")
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class ReactiveViewModelPortTests: VirtualTimeTestCase {
    private var rootViewModel: PortedViewModel!

    override func setUp() {
        super.setUp()
        rootViewModel = PortedViewModel()
    }

    override func tearDown() {
        rootViewModel = nil
        super.tearDown()
    }

    // describe "active property"

    func testActiveShouldDefaultToNo() {
        XCTAssertFalse(rootViewModel.active)
    }

    /// Subscribes to one of `root`'s did-become signals, checking that each value is `root`
    /// with `active` already set as `active`, and counts the values.
    private func countSends(
        of signal: Signal<PortedViewModel>, from root: PortedViewModel, withActive active: Bool
    ) -> (Fixture.Log<Int>, Disposable) {
        let nextEvents = Fixture.Log<Int>()
        let subscription = signal.subscribeNext { viewModel in
            XCTAssertTrue(viewModel === root)
            XCTAssertEqual(viewModel.active, active)
            nextEvents.append(1)
        }
        return (nextEvents, subscription)
    }

    func testShouldSendOnDidBecomeActiveSignalWhenSetToYes() {
        let root = rootViewModel!
        let (nextEvents, subscription) = countSends(of: root.didBecomeActiveSignal, from: root, withActive: true)
        XCTAssertEqual(nextEvents.all.count, 0)

        root.active = true
        XCTAssertEqual(nextEvents.all.count, 1)

        // Indistinct changes should not trigger the signal again.
        root.active = true
        XCTAssertEqual(nextEvents.all.count, 1)

        root.active = false
        root.active = true
        XCTAssertEqual(nextEvents.all.count, 2)
        subscription.dispose()
    }

    func testShouldSendOnDidBecomeInactiveSignalWhenSetToNo() {
        let root = rootViewModel!
        let (nextEvents, subscription) = countSends(of: root.didBecomeInactiveSignal, from: root, withActive: false)
        XCTAssertEqual(nextEvents.all.count, 1)

        root.active = true
        root.active = false
        XCTAssertEqual(nextEvents.all.count, 2)

        // Indistinct changes should not trigger the signal again.
        root.active = false
        XCTAssertEqual(nextEvents.all.count, 2)
        subscription.dispose()
    }

    // describe "signal manipulation": each case ends with the view model deallocated (its
    // rac_deallocDisposable disposed) and the manipulated signal completed.

    private final class Flags: @unchecked Sendable {
        var completed = false
        var deallocated = false
    }

    private func createViewModel(_ flags: Flags) -> PortedViewModel {
        let viewModel = PortedViewModel(throttleScheduler: scheduler)
        viewModel.lifetime.disposable.add(Disposable { flags.deallocated = true })
        viewModel.active = true
        return viewModel
    }

    func testShouldForwardASignal() {
        let flags = Flags()
        let values = Fixture.Log<Int>()
        do {
            let viewModel = createViewModel(flags)
            let input = Signal<Int>.create { subscriber in
                subscriber.sendNext(1)
                subscriber.sendNext(2)
                return nil
            }
            viewModel.forwardSignalWhileActive(input)
                .subscribe(next: { values.append($0) }, completed: { flags.completed = true })

            XCTAssertEqual(values.all, [1, 2])
            XCTAssertFalse(flags.completed)

            viewModel.active = false
            XCTAssertEqual(values.all, [1, 2])
            XCTAssertFalse(flags.completed)

            viewModel.active = true
            XCTAssertEqual(values.all, [1, 2, 1, 2])
            XCTAssertFalse(flags.completed)
        }
        XCTAssertTrue(flags.deallocated)
        XCTAssertTrue(flags.completed)
    }

    func testShouldThrottleASignal() {
        let flags = Flags()
        let values = Fixture.Log<Int>()
        do {
            let viewModel = createViewModel(flags)
            let subject = Subject<Int>()
            viewModel.throttleSignalWhileInactive(subject.startWith(0))
                .subscribe(next: { values.append($0) }, completed: { flags.completed = true })

            XCTAssertEqual(values.all, [0])
            XCTAssertFalse(flags.completed)

            subject.sendNext(1)
            XCTAssertEqual(values.all, [0, 1])
            XCTAssertFalse(flags.completed)

            viewModel.active = false

            // Since the VM is inactive, these events should be throttled.
            subject.sendNext(2)
            subject.sendNext(3)
            XCTAssertEqual(values.all, [0, 1])
            XCTAssertFalse(flags.completed)

            scheduler.advance(by: PortedViewModel.inactiveThrottleInterval)
            XCTAssertEqual(values.all, [0, 1, 3])
            XCTAssertFalse(flags.completed)

            // After reactivating, we should still get this event.
            subject.sendNext(4)
            viewModel.active = true
            XCTAssertEqual(values.all, [0, 1, 3, 4])
            XCTAssertFalse(flags.completed)

            // And now new events should be instant.
            subject.sendNext(5)
            XCTAssertEqual(values.all, [0, 1, 3, 4, 5])
            XCTAssertFalse(flags.completed)

            subject.sendCompleted()
            XCTAssertEqual(values.all, [0, 1, 3, 4, 5])
            XCTAssertTrue(flags.completed)
        }
        XCTAssertTrue(flags.deallocated)
        XCTAssertTrue(flags.completed)
    }
}
