// ReactiveViewModel's RVMViewModelSpec.m (the Specta/Expecta version, ReactiveViewModel 0.1),
// ported to Quick/Nimble line by line: the worked example of the "Porting Specta Specs to
// Quick" article. Each `describe`, `it`, `beforeEach` and `afterEach` is the spec's own, in
// its order, with its words; each Expecta line is the Nimble line beside it in the article's
// table. Our own Swift code: the view model below is RVMViewModel rebuilt on RACSwift, not a
// translation of its Objective-C.
//
// Three differences, all forced by the platform, not by taste:
// - The examples run on the main actor (`{ @MainActor in`): Specta ran them on the main
//   thread, where RAC (and RACSwift) subscribe to a behavior subject at once; an AsyncSpec
//   example runs elsewhere, where the subscription would wait for the subscription scheduler.
// - `@autoreleasepool` plus `objc_precise_lifetime` become a `do` block: Swift releases the
//   view model at the end of the block, which is what the spec's afterEach waits for.
// - The throttle waits 0.3 s of real time on a background scheduler instead of RVM's 1 s on
//   the main queue, so that `will` (now `toEventually`, polling) has something to wait for
//   within Nimble's default second; the spec's own FIXME says 1 s was too close to it.
import Foundation
import Nimble
import Quick
import RACSwift
import RACSwiftNimble
import RACSwiftTesting

/// RVMViewModel: a model, a weakly held parent, and `active`, whose changes the
/// did-become signals announce and which forwards or throttles signals it is given.
class ViewModel: @unchecked Sendable {
    /// How long `throttleSignalWhileInactive(_:)` holds a value while inactive.
    static let inactiveThrottleInterval: TimeInterval = 0.3
    /// Where the throttle's timer runs (RVM: the default scheduler).
    static let throttleScheduler = Scheduler.background(name: "RVMViewModelSpec.throttle")

    let model: Any?
    private(set) weak var parentViewModel: ViewModel?
    /// RAC's `rac_deallocDisposable`: disposed when the view model goes away.
    let deallocDisposable = CompoundDisposable()
    // Completed when the view model goes away, as RACObserve's signal completes on dealloc.
    private let activeValues = BehaviorSubject(defaultValue: false)

    init(model: Any?, parentViewModel: ViewModel?) {
        self.model = model
        self.parentViewModel = parentViewModel
    }

    convenience init() {
        self.init(model: nil, parentViewModel: nil)
    }

    deinit {
        activeValues.sendCompleted()
        deallocDisposable.dispose()
    }

    var rootViewModel: ViewModel { parentViewModel?.rootViewModel ?? self }

    /// The receiver or its nearest ancestor for which `test` is true.
    func viewModel(passingTest test: (ViewModel) -> Bool) -> ViewModel? {
        var candidate: ViewModel? = self
        while let viewModel = candidate, !test(viewModel) { candidate = viewModel.parentViewModel }
        return candidate
    }

    /// Setting the value it already has sends nothing (RVM skips the KVO notification).
    var active: Bool {
        get { activeValues.value }
        set { if newValue != active { activeValues.sendNext(newValue) } }
    }

    /// The view model, each time it becomes active (at once if it is).
    var didBecomeActiveSignal: Signal<ViewModel> {
        activeValues.compactMap { [weak self] isActive in isActive ? self : nil }
    }

    /// The view model, each time it becomes inactive (at once if it is).
    var didBecomeInactiveSignal: Signal<ViewModel> {
        activeValues.compactMap { [weak self] isActive in isActive ? nil : self }
    }

    /// `signal`'s values and errors while active, subscribing it afresh each time the view
    /// model becomes active; completes when the view model goes away.
    func forwardSignalWhileActive<Value>(_ signal: Signal<Value>) -> Signal<Value> {
        activeValues
            .map { isActive in isActive ? signal : Signal<Value>.empty }
            .switchToLatest()
            .take(until: activeValues.ignoreValues())
    }

    /// `signal`'s values, at once while active, throttled while inactive; ends with `signal`.
    func throttleSignalWhileInactive<Value>(_ signal: Signal<Value>) -> Signal<Value> {
        let replayed = signal.replayLast()
        return Signal.combineLatest(activeValues as Signal<Bool>, replayed)
            .take(until: replayed.ignoreValues())
            .throttle(Self.inactiveThrottleInterval, on: Self.throttleScheduler) { isActive, _ in !isActive }
            .map { _, value in value }
    }
}

/// RVMTestViewModel: records that the designated initializer ran.
final class TestViewModel: ViewModel, @unchecked Sendable {
    private(set) var calledInitWithModelParentViewModel = false

    override init(model: Any?, parentViewModel: ViewModel?) {
        super.init(model: model, parentViewModel: parentViewModel)
        calledInitWithModelParentViewModel = true
    }
}

final class RVMViewModelSpec: AsyncSpec {
    override class func spec() {
        // Not in RVM's spec: every example ends with no library subscription alive.
        let leaks = Locked(LeakBaseline())
        beforeEach { leaks.value = LeakBaseline() }
        afterEach { await leaks.value.check() }

        // Specta's `__block` variables. Unchecked: Quick runs the hooks and examples one at
        // a time, and the examples that read these run on the main actor.
        nonisolated(unsafe) var rootViewModel: TestViewModel!
        nonisolated(unsafe) var parentViewModel: TestViewModel!
        nonisolated(unsafe) var childViewModel: TestViewModel!

        beforeEach {
            rootViewModel = TestViewModel(model: "root", parentViewModel: nil)
            parentViewModel = TestViewModel(model: "parent", parentViewModel: rootViewModel)
            childViewModel = TestViewModel(model: "child", parentViewModel: parentViewModel)
        }

        describe("-init") {
            it("should call -initWithModel:parentViewModel:") { @MainActor in
                let viewModel = TestViewModel()
                expect(viewModel.calledInitWithModelParentViewModel).to(beTruthy())
            }
        }

        describe("the view model chain") {
            it("should know its parent view model") { @MainActor in
                expect(childViewModel.parentViewModel).to(beIdenticalTo(parentViewModel))
                expect(parentViewModel.parentViewModel).to(beIdenticalTo(rootViewModel))
                expect(rootViewModel.parentViewModel).to(beNil())
            }

            it("should know its root view model") { @MainActor in
                expect(childViewModel.rootViewModel).to(beIdenticalTo(rootViewModel))
                expect(parentViewModel.rootViewModel).to(beIdenticalTo(rootViewModel))
                expect(rootViewModel.rootViewModel).to(beIdenticalTo(rootViewModel))
            }
        }

        describe("-viewModelPassingTest:") {
            it("should start with the receiver") { @MainActor in
                let result = childViewModel.viewModel { _ in true }

                expect(result).to(beIdenticalTo(childViewModel))
            }

            it("should return the first view model for which the block returns YES") { @MainActor in
                let result = childViewModel.viewModel { $0.model as? String == "parent" }

                expect(result).to(beIdenticalTo(parentViewModel))
            }

            it("should return nil when there are no passing view models") { @MainActor in
                let result = childViewModel.viewModel { $0.model as? String == "nooooooooooope" }

                expect(result).to(beNil())
            }
        }

        describe("active property") {
            it("should default to NO") { @MainActor in
                expect(rootViewModel.active).to(beFalsy())
            }

            it("should send on didBecomeActiveSignal when set to YES") { @MainActor in
                let nextEvents = Locked(0)
                let root = rootViewModel!
                let subscription = root.didBecomeActiveSignal.subscribeNext { viewModel in
                    expect(viewModel).to(beIdenticalTo(root))
                    expect(viewModel.active).to(beTruthy())

                    nextEvents += 1
                }

                expect(nextEvents.value).to(equal(0))

                root.active = true
                expect(nextEvents.value).to(equal(1))

                // Indistinct changes should not trigger the signal again.
                root.active = true
                expect(nextEvents.value).to(equal(1))

                root.active = false
                root.active = true
                expect(nextEvents.value).to(equal(2))
                subscription.dispose()
            }

            it("should send on didBecomeInactiveSignal when set to NO") { @MainActor in
                let nextEvents = Locked(0)
                let root = rootViewModel!
                let subscription = root.didBecomeInactiveSignal.subscribeNext { viewModel in
                    expect(viewModel).to(beIdenticalTo(root))
                    expect(viewModel.active).to(beFalsy())

                    nextEvents += 1
                }

                expect(nextEvents.value).to(equal(1))

                root.active = true
                root.active = false
                expect(nextEvents.value).to(equal(2))

                // Indistinct changes should not trigger the signal again.
                root.active = false
                expect(nextEvents.value).to(equal(2))
                subscription.dispose()
            }

            describe("signal manipulation") {
                nonisolated(unsafe) var values: Locked<[Int]>!
                nonisolated(unsafe) var expectedValues: [Int]!
                nonisolated(unsafe) var completed: Locked<Bool>!
                nonisolated(unsafe) var deallocated: Locked<Bool>!

                nonisolated(unsafe) var createViewModel: (() -> TestViewModel)!

                beforeEach {
                    values = Locked([])
                    expectedValues = []
                    completed = Locked(false)
                    deallocated = Locked(false)

                    createViewModel = { [deallocated] in
                        let viewModel = TestViewModel(model: nil, parentViewModel: nil)
                        viewModel.deallocDisposable.add(Disposable {
                            deallocated?.value = true
                        })

                        viewModel.active = true
                        return viewModel
                    }
                }

                afterEach {
                    await expecta(deallocated.value).toEventually(beTruthy())
                    expect(completed.value).to(beTruthy())
                }

                it("should forward a signal") { @MainActor in
                    do {
                        let viewModel = createViewModel()

                        let input = Signal<Int>.create { subscriber in
                            subscriber.sendNext(1)
                            subscriber.sendNext(2)
                            return nil
                        }

                        viewModel
                            .forwardSignalWhileActive(input)
                            .subscribe(next: { [values] x in
                                values?.append(x)
                            }, completed: { [completed] in
                                completed?.value = true
                            })

                        expectedValues = [1, 2]
                        expect(values.value).to(equal(expectedValues))
                        expect(completed.value).to(beFalsy())

                        viewModel.active = false

                        expect(values.value).to(equal(expectedValues))
                        expect(completed.value).to(beFalsy())

                        viewModel.active = true

                        expectedValues = [1, 2, 1, 2]
                        expect(values.value).to(equal(expectedValues))
                        expect(completed.value).to(beFalsy())
                    }
                }

                it("should throttle a signal") { @MainActor in
                    do {
                        let viewModel = createViewModel()
                        let subject = Subject<Int>()

                        viewModel
                            .throttleSignalWhileInactive(subject.startWith(0))
                            .subscribe(next: { [values] x in
                                values?.append(x)
                            }, completed: { [completed] in
                                completed?.value = true
                            })

                        expectedValues = [0]
                        expect(values.value).to(equal(expectedValues))
                        expect(completed.value).to(beFalsy())

                        subject.sendNext(1)

                        expectedValues = [0, 1]
                        expect(values.value).to(equal(expectedValues))
                        expect(completed.value).to(beFalsy())

                        viewModel.active = false

                        // Since the VM is inactive, these events should be throttled.
                        subject.sendNext(2)
                        subject.sendNext(3)

                        expect(values.value).to(equal(expectedValues))
                        expect(completed.value).to(beFalsy())

                        expectedValues = [0, 1, 3]
                        await expecta(values.value).toEventually(equal(expectedValues))
                        expect(completed.value).to(beFalsy())

                        // After reactivating, we should still get this event.
                        subject.sendNext(4)
                        viewModel.active = true

                        expectedValues = [0, 1, 3, 4]
                        await expecta(values.value).toEventually(equal(expectedValues))
                        expect(completed.value).to(beFalsy())

                        // And now new events should be instant.
                        subject.sendNext(5)

                        expectedValues = [0, 1, 3, 4, 5]
                        expect(values.value).to(equal(expectedValues))
                        expect(completed.value).to(beFalsy())

                        subject.sendCompleted()

                        expect(values.value).to(equal(expectedValues))
                        expect(completed.value).to(beTruthy())
                    }
                }
            }
        }
    }
}
