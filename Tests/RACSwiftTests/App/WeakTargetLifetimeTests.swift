import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// A view model as a port writes it, with a lifetime (a `ReactiveObject`): the weak-target
/// forms end at its deinit, synchronously, as RAC's `rac_liftSelector:withSignals:` ends with
/// `rac_willDeallocSignal` (issue 29c).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
private final class ProfileViewModel: ReactiveObject {
    private(set) var log: [String] = []

    func follow(names: Signal<String>) -> Disposable {
        names.subscribeNext(weak: self) { model, name in model.log.append("name \(name)") }
    }

    func follow(events: Signal<Int>) {
        events.subscribe(
            weak: self,
            next: { model, value in model.log.append("next \(value)") },
            error: { model, error in model.log.append("error \(error)") },
            completed: { model in model.log.append("completed") })
    }

    func bind(name: Signal<String>, age: Signal<Int>) {
        // RAC: [self rac_liftSelector:@selector(showName:age:) withSignals:name, age, nil];
        Signal.combineLatest(name, age).lift(into: self) { $0.show(name: $1, age: $2) }
    }

    func show(name: String, age: Int) { log.append("\(name), \(age)") }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class WeakTargetLifetimeTests: RACTestCase {
    func testSubscribeNextWeakEndsAtTheTargetsDeinit() {
        let names = ManualSource<String>()
        var model: ProfileViewModel? = ProfileViewModel()
        weak let weakModel = model
        _ = model?.follow(names: names.signal)
        names.send("Ada")
        XCTAssertEqual(model?.log, ["name Ada"])
        XCTAssertEqual(names.disposals, 0)

        model = nil
        XCTAssertNil(weakModel, "the subscription must not retain its target")
        // No event needed: the deinit ended the subscription.
        XCTAssertEqual(names.disposals, 1)
        XCTAssertFalse(names.isSubscribed)
    }

    func testSubscribeWeakCallsNoClosureWhenTheTargetGoes() {
        let events = ManualSource<Int>()
        var model: ProfileViewModel? = ProfileViewModel()
        model?.follow(events: events.signal)
        events.send(1)
        XCTAssertEqual(model?.log, ["next 1"])
        model = nil
        XCTAssertEqual(events.disposals, 1)
        XCTAssertFalse(events.isSubscribed)
        // The source may still send; nothing is subscribed to hear it.
        events.send(2)
        XCTAssertEqual(events.disposals, 1)
    }

    func testLiftEndsEveryInputAtTheTargetsDeinit() {
        let name = ManualSource<String>()
        let age = ManualSource<Int>()
        var model: ProfileViewModel? = ProfileViewModel()
        model?.bind(name: name.signal, age: age.signal)
        name.send("Ada")
        age.send(36)
        name.send("Grace")
        XCTAssertEqual(model?.log, ["Ada, 36", "Grace, 36"])

        model = nil
        XCTAssertEqual(name.disposals, 1)
        XCTAssertEqual(age.disposals, 1)
        XCTAssertFalse(name.isSubscribed)
        XCTAssertFalse(age.isSubscribed)
    }

    func testADisposedSubscriptionIsNotEndedAgainAtDeinit() {
        let names = ManualSource<String>()
        var model: ProfileViewModel? = ProfileViewModel()
        let subscription = model?.follow(names: names.signal)
        names.send("Ada")
        subscription?.dispose()
        XCTAssertEqual(names.disposals, 1)
        names.send("Grace")
        XCTAssertEqual(model?.log, ["name Ada"])
        model = nil
        XCTAssertEqual(names.disposals, 1)
    }

    func testTheSubscriptionEndsOnTheThreadThatReleasesTheTarget() {
        let disposedOnMain = Fixture.Locked<Bool?>(nil)
        // The source keeps its subscriber (as a live source does) until the subscription ends.
        let kept = Fixture.Locked<(any Subscriber<String>)?>(nil)
        let names = Signal<String>.create { subscriber in
            kept.value = subscriber
            subscriber.sendNext("Ada")
            return Disposable {
                disposedOnMain.value = Thread.isMainThread
                kept.value = nil
            }
        }
        var model: ProfileViewModel? = ProfileViewModel()
        weak let weakModel = model
        _ = model?.follow(names: names)
        XCTAssertEqual(model?.log, ["name Ada"])
        nonisolated(unsafe) var released = model
        model = nil
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            released = nil
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(disposedOnMain.value, false)
        XCTAssertNil(released)
        XCTAssertNil(weakModel)
        XCTAssertNil(kept.value)
    }

    func testMainActorWeakFormEndsAtTheTargetsDeinit() {
        let status = ManualSource<String>()
        MainActor.assumeIsolated {
            var model: ProfileViewModel? = ProfileViewModel()
            status.signal.onMainActor.subscribeNext(weak: model!) { model, value in
                MainActor.assertIsolated()
                _ = model.follow(names: .return(value))
            }
            status.send("ready")
            XCTAssertEqual(model?.log, ["name ready"])
            model = nil
            XCTAssertEqual(status.disposals, 1)
            XCTAssertFalse(status.isSubscribed)
        }
    }

    func testACommandsRunningExecutionCompletesAtItsTargetsDeinit() {
        let work = ManualSource<Int>()
        var model: ProfileViewModel? = ProfileViewModel()
        let command = Command<Int, Int>(scheduler: .immediate, weak: model!) { _, _ in work.signal }
        let events = Fixture.Log<String>()
        command.execute(1).subscribe(
            next: { events.append("next \($0)") },
            error: { events.append("error \($0)") },
            completed: { events.append("completed") })
        work.send(7)
        XCTAssertEqual(events.all, ["next 7"])
        XCTAssertEqual(try command.executing.first(), true)

        model = nil
        XCTAssertEqual(events.all, ["next 7", "completed"])
        XCTAssertEqual(work.disposals, 1)
        XCTAssertEqual(try command.executing.first(), false)
    }
}
