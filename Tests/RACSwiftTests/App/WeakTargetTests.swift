import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import XCTest

/// A plain model class as a port writes it: not `Sendable`, no `[weak self]`, no
/// `@unchecked Sendable`. It compiles in Swift 6 mode only because the closures receive the
/// model as a parameter instead of capturing it.
private final class WeakGreeter {
    private(set) var greetings: [String] = []
    private(set) var shown: [String] = []
    private(set) var endings: [String] = []

    init(names: Signal<String>) {
        names.subscribeNext(weak: self) { greeter, name in greeter.greetings.append("hello \(name)") }
    }

    func bind(name: Signal<String>, age: Signal<Int>) {
        // RAC: [self rac_liftSelector:@selector(showName:age:) withSignals:name, age, nil];
        Signal.combineLatest(name, age).lift(into: self) { $0.show(name: $1, age: $2) }
    }

    func show(name: String, age: Int) { shown.append("\(name), \(age)") }

    func follow(_ signal: Signal<Int>) {
        signal.subscribe(
            weak: self,
            next: { target, value in target.endings.append("next \(value)") },
            error: { target, error in target.endings.append("error \(error)") },
            completed: { target in target.endings.append("completed") })
    }
}

final class WeakTargetTests: RACTestCase {
    func testSubscribeNextWeakPassesTheTargetWithEachValue() {
        let names = ManualSource<String>()
        let greeter = WeakGreeter(names: names.signal)
        names.send("Ada")
        XCTAssertEqual(greeter.greetings, ["hello Ada"])
        names.send("Grace")
        XCTAssertEqual(greeter.greetings, ["hello Ada", "hello Grace"])
        names.complete()
        XCTAssertEqual(names.disposals, 1)
    }

    func testSubscriptionDoesNotKeepTheTargetAliveAndEndsAtTheNextEventAfterIt() {
        let names = ManualSource<String>()
        var greeter: WeakGreeter? = WeakGreeter(names: names.signal)
        weak let weakGreeter = greeter
        names.send("Ada")
        XCTAssertEqual(greeter?.greetings, ["hello Ada"])

        greeter = nil
        XCTAssertNil(weakGreeter, "the subscription must not retain its target")
        XCTAssertEqual(names.disposals, 0, "no deallocation hook: the subscription learns at the next event")

        names.send("Grace")
        XCTAssertEqual(names.disposals, 1, "the value after the target went away ends the subscription")
        XCTAssertFalse(names.isSubscribed)
    }

    func testSubscribeWeakCallsEachClosureWithTheTarget() {
        let values = ManualSource<Int>()
        let greeter = WeakGreeter(names: .never)
        greeter.follow(values.signal)
        values.send(1)
        values.send(2)
        values.complete()
        XCTAssertEqual(greeter.endings, ["next 1", "next 2", "completed"])

        let failing = ManualSource<Int>()
        let other = WeakGreeter(names: .never)
        other.follow(failing.signal)
        failing.send(3)
        failing.fail(TestError.boom)
        failing.send(4)
        XCTAssertEqual(other.endings, ["next 3", "error \(TestError.boom)"])
    }

    func testTerminalEventAfterTheTargetIsGoneCallsNothing() {
        let values = ManualSource<Int>()
        let calls = Locked(0)
        var target: NSObject? = NSObject()
        values.signal.subscribe(
            weak: target!, next: { _, _ in calls += 1 }, error: { _, _ in calls += 1 }, completed: { _ in calls += 1 })
        target = nil
        values.complete()
        XCTAssertEqual(calls.value, 0)
        XCTAssertEqual(values.disposals, 1)
    }

    func testLiftWaitsForEverySignalThenCallsOnEachChange() {
        let name = ManualSource<String>()
        let age = ManualSource<Int>()
        let greeter = WeakGreeter(names: .never)
        greeter.bind(name: name.signal, age: age.signal)

        name.send("Ada")
        XCTAssertEqual(greeter.shown, [], "RAC's lift waits for a first value from every signal")
        age.send(36)
        XCTAssertEqual(greeter.shown, ["Ada, 36"])
        age.send(37)
        XCTAssertEqual(greeter.shown, ["Ada, 36", "Ada, 37"])
        name.send("Grace")
        XCTAssertEqual(greeter.shown, ["Ada, 36", "Ada, 37", "Grace, 37"])
        name.complete()
        age.complete()
        XCTAssertFalse(name.isSubscribed)
        XCTAssertFalse(age.isSubscribed)
    }

    func testLiftEndsBothInputsAtTheFirstChangeAfterTheTargetIsGone() {
        let name = ManualSource<String>()
        let age = ManualSource<Int>()
        var greeter: WeakGreeter? = WeakGreeter(names: .never)
        weak let weakGreeter = greeter
        greeter?.bind(name: name.signal, age: age.signal)
        name.send("Ada")
        age.send(36)
        XCTAssertEqual(greeter?.shown, ["Ada, 36"])

        greeter = nil
        XCTAssertNil(weakGreeter)
        XCTAssertTrue(name.isSubscribed)
        age.send(37)
        XCTAssertFalse(name.isSubscribed)
        XCTAssertFalse(age.isSubscribed)
        XCTAssertEqual(name.disposals, 1)
        XCTAssertEqual(age.disposals, 1)
    }

    func testLiftOfThreeAndFourSignalsSpreadsTheValues() {
        final class Sheet {
            var rows: [String] = []
        }
        let sheet = Sheet()
        let a = BehaviorSubject(defaultValue: 1)
        let b = BehaviorSubject(defaultValue: "b")
        let c = BehaviorSubject(defaultValue: 2.5)
        let d = BehaviorSubject(defaultValue: true)
        let three = Signal.combineLatest(a, b, c).lift(into: sheet) { $0.rows.append("\($1) \($2) \($3)") }
        let four = Signal.combineLatest(a, b, c, d).lift(into: sheet) { $0.rows.append("\($1) \($2) \($3) \($4)") }
        XCTAssertEqual(sheet.rows, ["1 b 2.5", "1 b 2.5 true"])
        a.sendNext(2)
        XCTAssertEqual(sheet.rows, ["1 b 2.5", "1 b 2.5 true", "2 b 2.5", "2 b 2.5 true"])
        three.dispose()
        four.dispose()
    }

    func testLiftOfOneSignalIsSubscribeNextWeak() {
        final class Label { var text = "" }
        let label = Label()
        let texts = Subject<String>()
        let subscription = texts.lift(into: label) { $0.text = $1 }
        texts.sendNext("one")
        XCTAssertEqual(label.text, "one")
        subscription.dispose()
        texts.sendNext("two")
        XCTAssertEqual(label.text, "one")
    }
}

// MARK: - MemoryManagement.md's example

/// ReactiveObjC's Documentation/MemoryManagement.md, "Signals Derived from `self`": an object
/// observes its own `username` and validates each new value, which in RAC is
/// `[self rac_liftSelector:@selector(validateUsername:) withSignals:RACObserve(self, username), nil]`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable private final class SignUpForm {
    var username = ""
    private(set) var validated: [String] = []

    init(scheduler: Scheduler) {
        signal(for: \.username, on: scheduler).lift(into: self) { $0.validateUsername($1) }
    }

    func validateUsername(_ username: String) { validated.append(username) }
}

/// The porting guide's earlier recipe for the same line: `subscribeNext` capturing `self`,
/// ended by the object's own lifetime. The closure keeps the object, whose token ends the
/// lifetime only at deinit, so neither goes away (and the class had to be declared
/// `@unchecked Sendable` for the capture to compile at all).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable private final class LeakyForm: @unchecked Sendable {
    var username = ""
    @ObservationIgnored let lifetime: Lifetime
    @ObservationIgnored private let token: Lifetime.Token
    @ObservationIgnored private(set) var subscription: Disposable?

    init(scheduler: Scheduler) {
        (lifetime, token) = Lifetime.make()
        subscription = signal(for: \.username, on: scheduler)
            .take(during: lifetime)
            .subscribeNext { self.validateUsername($0) }
    }

    func validateUsername(_ username: String) {}
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class MemoryManagementExampleTests: VirtualTimeTestCase {
    func testLiftedSelectorOnSelfValidatesEachUsernameAndDoesNotLeak() {
        var form: SignUpForm? = SignUpForm(scheduler: scheduler)
        weak let weakForm = form
        XCTAssertEqual(form?.validated, [""], "the current value, at subscription")
        form?.username = "ada"
        scheduler.run()
        XCTAssertEqual(form?.validated, ["", "ada"])
        form?.username = "grace"
        scheduler.run()
        XCTAssertEqual(form?.validated, ["", "ada", "grace"])

        form = nil
        XCTAssertNil(weakForm, "the lifted subscription must not keep the form alive")
        // The observation completes once it sees the form gone (tearDown's leak check then
        // finds no live subscription).
        scheduler.run()
    }

    func testTheEarlierRecipeLeaksTheForm() {
        var form: LeakyForm? = LeakyForm(scheduler: scheduler)
        weak let weakForm = form
        let subscription = form?.subscription
        form = nil
        scheduler.run()
        XCTAssertNotNil(weakForm, "the closure retains the form: this is the leak the weak-target forms remove")
        // Break the cycle by hand, so that the test ends clean.
        subscription?.dispose()
        XCTAssertNil(weakForm)
    }
}

// MARK: - Main-actor forms

@MainActor
private final class StatusViewModel {
    private(set) var statuses: [String] = []
    private(set) var summaries: [String] = []
    private(set) var callsOffMain = 0

    init(status: Signal<String>, count: Signal<Int>) {
        status.onMainActor.subscribeNext(weak: self) { model, value in
            if !Thread.isMainThread { model.callsOffMain += 1 }
            model.statuses.append(value)
        }
        Signal.combineLatest(status, count).onMainActor.lift(into: self) { model, status, count in
            model.summaries.append("\(status) (\(count))")
        }
    }
}

final class MainActorWeakTargetTests: RACTestCase {
    func testMainActorWeakFormsDeliverOnTheMainActorAndEndAfterTheTargetIsGone() {
        let status = Subject<String>()
        let count = ManualSource<Int>()
        MainActor.assumeIsolated {
            var model: StatusViewModel? = StatusViewModel(status: status, count: count.signal)
            weak let weakModel = model
            // On the main thread already: delivered synchronously, as `deliverOnMainThread()` does.
            status.sendNext("loading")
            XCTAssertEqual(model?.statuses, ["loading"])
            XCTAssertEqual(model?.summaries, [])
            count.send(3)
            XCTAssertEqual(model?.summaries, ["loading (3)"])
            status.sendNext("ready")
            XCTAssertEqual(model?.statuses, ["loading", "ready"])
            XCTAssertEqual(model?.summaries, ["loading (3)", "ready (3)"])
            XCTAssertEqual(model?.callsOffMain, 0)

            model = nil
            XCTAssertNil(weakModel)
            XCTAssertTrue(count.isSubscribed)
            status.sendNext("done")
            XCTAssertEqual(count.disposals, 1, "the lift ends at the first value after the model is gone")
            XCTAssertFalse(count.isSubscribed)
        }
    }

    func testMainActorWeakFormDeliversValuesSentOnAnotherThreadOnTheMainThread() {
        let status = Subject<String>()
        let model = MainActor.assumeIsolated { StatusViewModel(status: status, count: .return(1)) }
        let sent = expectation(description: "sent")
        DispatchQueue.global().async {
            status.sendNext("from a background thread")
            sent.fulfill()
        }
        wait(for: [sent], timeout: 10)
        XCTAssertTrue(spinMainLoop(timeout: 10) { MainActor.assumeIsolated { model.statuses.count == 1 } })
        MainActor.assumeIsolated {
            XCTAssertEqual(model.statuses, ["from a background thread"])
            XCTAssertEqual(model.summaries, ["from a background thread (1)"])
            XCTAssertEqual(model.callsOffMain, 0)
        }
        status.sendCompleted()
        drainMainLoop()
    }
}
