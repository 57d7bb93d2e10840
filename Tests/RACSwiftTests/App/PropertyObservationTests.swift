import Foundation
import Observation
import XCTest
@testable import RACSwift

/// `signal(for:on:)` and `Signal.observing(on:_:)` (RACObserve on the Observation framework).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class PropertyObservationTests: RACTestCase {
    func testSendsTheCurrentValueOnSubscription() {
        let person = Person()
        nonisolated(unsafe) var values: [String] = []
        let subscription = person.signal(for: \.first).subscribeNext { values.append($0) }
        XCTAssertEqual(values, ["Ada"])
        subscription.dispose()
    }

    func testSendsTheNewValueAfterAChangeOnTheGivenScheduler() {
        let scheduler = TestScheduler()
        let person = Person()
        nonisolated(unsafe) var values: [String] = []
        nonisolated(unsafe) var deliveredOn: [Scheduler?] = []
        let subscription = person.signal(for: \.first, on: scheduler).subscribeNext {
            values.append($0)
            deliveredOn.append(Scheduler.current)
        }
        person.first = "Grace"
        // Observation announces the change before it is made; the value is read later, on
        // the scheduler, so it is the new one.
        XCTAssertEqual(values, ["Ada"])
        scheduler.run()
        XCTAssertEqual(values, ["Ada", "Grace"])
        XCTAssertTrue(deliveredOn.last! === scheduler)
        subscription.dispose()
    }

    func testABurstOfChangesCoalescesIntoTheLatestValue() {
        let scheduler = TestScheduler()
        let person = Person()
        nonisolated(unsafe) var values: [Int] = []
        let subscription = person.signal(for: \.age, on: scheduler).subscribeNext { values.append($0) }
        for age in 37...60 { person.age = age }
        XCTAssertEqual(scheduler.scheduledCount, 1, "one read for the whole burst")
        scheduler.run()
        XCTAssertEqual(values, [36, 60])
        person.age = 61
        scheduler.run()
        XCTAssertEqual(values, [36, 60, 61])
        subscription.dispose()
    }

    func testChangesToOtherPropertiesAreNotDelivered() {
        let scheduler = TestScheduler()
        let person = Person()
        nonisolated(unsafe) var values: [String] = []
        let subscription = person.signal(for: \.first, on: scheduler).subscribeNext { values.append($0) }
        person.last = "Hopper"
        person.age = 40
        XCTAssertEqual(scheduler.scheduledCount, 0)
        scheduler.run()
        XCTAssertEqual(values, ["Ada"])
        subscription.dispose()
    }

    func testWithoutAGivenSchedulerDeliversOnTheCurrentSchedulerOfTheChange() {
        let scheduler = TestScheduler()
        let person = Person()
        nonisolated(unsafe) var values: [String] = []
        nonisolated(unsafe) var deliveredOn: Scheduler?
        let subscription = person.signal(for: \.first).subscribeNext {
            values.append($0)
            deliveredOn = Scheduler.current
        }
        scheduler.performAsCurrentScheduler { person.first = "Grace" }
        XCTAssertEqual(values, ["Ada"])
        scheduler.run()
        XCTAssertEqual(values, ["Ada", "Grace"])
        XCTAssertTrue(deliveredOn === scheduler)
        subscription.dispose()
    }

    func testAChangeOnTheMainThreadIsDeliveredOnTheMainThreadAfterIt() {
        let person = Person()
        nonisolated(unsafe) var values: [String] = []
        nonisolated(unsafe) var onMain: [Bool] = []
        let subscription = person.signal(for: \.first).subscribeNext {
            values.append($0)
            onMain.append(Thread.isMainThread)
        }
        person.first = "Grace"
        person.first = "Barbara"
        XCTAssertEqual(values, ["Ada"], "read on the main queue, after the current block")
        XCTAssertTrue(spinMainLoop { values.count == 2 })
        drainMainLoop()
        XCTAssertEqual(values, ["Ada", "Barbara"])
        XCTAssertEqual(onMain, [true, true])
        subscription.dispose()
    }

    /// The read runs on another thread than the change here, so the model must be safe to
    /// read from there: `SharedCounter` (a plain `@Observable` class changed on one thread
    /// and read on another is a data race of its own).
    func testWithoutAnySchedulerDeliversOnABackgroundSchedulerOfTheSubscription() {
        let counter = SharedCounter()
        let values = Fixture.Log<Int>()
        let threads = Fixture.Log<Bool>()
        let subscription = counter.signal(for: \.value).subscribeNext {
            values.append($0)
            threads.append(Thread.isMainThread)
        }
        let changed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            XCTAssertNil(Scheduler.current)
            counter.value = 7
            changed.signal()
        }
        changed.wait()
        XCTAssertTrue(spinMainLoop { values.all.count == 2 })
        XCTAssertEqual(values.all, [0, 7])
        XCTAssertEqual(threads.all, [true, false])
        subscription.dispose()
    }

    func testCompletesWhenTheObjectGoesAway() {
        let scheduler = TestScheduler()
        var person: Person? = Person()
        weak let weakPerson = person
        nonisolated(unsafe) var events: [Event<String>] = []
        let subscription = person!.signal(for: \.first, on: scheduler).materialize().subscribeNext { events.append($0) }
        person = nil
        XCTAssertNil(weakPerson, "the observation holds the object weakly")
        scheduler.run()
        XCTAssertEqual(events, [.next("Ada"), .completed])
        subscription.dispose()
    }

    func testDisposalStopsTheObservation() {
        let scheduler = TestScheduler()
        let person = Person()
        nonisolated(unsafe) var values: [String] = []
        let subscription = person.signal(for: \.first, on: scheduler).subscribeNext { values.append($0) }
        person.first = "Grace"
        subscription.dispose()  // the pending read is cancelled
        person.first = "Barbara"
        XCTAssertEqual(scheduler.scheduledCount, 1)
        scheduler.run()
        XCTAssertEqual(values, ["Ada"])
    }

    func testEachSubscriptionObservesOnItsOwn() {
        let scheduler = TestScheduler()
        let person = Person()
        let signal = person.signal(for: \.age, on: scheduler)
        nonisolated(unsafe) var first: [Int] = []
        nonisolated(unsafe) var second: [Int] = []
        let a = signal.subscribeNext { first.append($0) }
        person.age = 37
        scheduler.run()
        let b = signal.subscribeNext { second.append($0) }
        person.age = 38
        scheduler.run()
        XCTAssertEqual(first, [36, 37, 38])
        XCTAssertEqual(second, [37, 38])
        a.dispose()
        b.dispose()
    }

    func testObservingAnExpressionTracksEveryPropertyItReads() {
        let scheduler = TestScheduler()
        let person = Person()
        nonisolated(unsafe) var values: [String] = []
        let subscription = Signal.observing(on: scheduler) { "\(person.first) \(person.last)" }
            .subscribeNext { values.append($0) }
        person.first = "Grace"
        scheduler.run()
        person.last = "Hopper"
        scheduler.run()
        person.age = 50  // not read by the expression
        scheduler.run()
        XCTAssertEqual(values, ["Ada Lovelace", "Grace Lovelace", "Grace Hopper"])
        subscription.dispose()
    }

    func testObservingRetracksWhatEachEvaluationReads() {
        let scheduler = TestScheduler()
        let person = Person()
        nonisolated(unsafe) var values: [String] = []
        let subscription = Signal.observing(on: scheduler) { person.nickname ?? person.first }
            .subscribeNext { values.append($0) }
        person.nickname = "Countess"
        scheduler.run()
        // `first` is no longer read, so its change is not tracked.
        person.first = "Augusta"
        XCTAssertEqual(scheduler.scheduledCount, 0)
        person.nickname = nil
        scheduler.run()
        XCTAssertEqual(values, ["Ada", "Countess", "Augusta"])
        subscription.dispose()
    }

    func testObservingAnExpressionThatReadsNothingObservableSendsOnlyItsValue() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var events: [Event<Int>] = []
        let subscription = Signal.observing(on: scheduler) { 42 }.materialize().subscribeNext { events.append($0) }
        scheduler.run()
        XCTAssertEqual(events, [.next(42)])
        subscription.dispose()
    }

    /// Four threads increment the counter at once, through background schedulers (no
    /// scheduler given, none current): every value delivered is a real one, they never go
    /// back, and the last one is the final count.
    func testConcurrentChangesNeverLoseTheLatestValueNorGoBack() {
        let counter = SharedCounter()
        let values = Fixture.Log<Int>()
        let subscription = counter.signal(for: \.value).subscribeNext { values.append($0) }
        let threads = 4, perThread = 500
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                for _ in 0..<perThread { counter.increment() }
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        let total = threads * perThread
        XCTAssertTrue(spinMainLoop(timeout: 10) { values.all.last == total }, "last value: \(String(describing: values.all.last))")
        let delivered = values.all
        XCTAssertEqual(delivered.first, 0)
        XCTAssertEqual(delivered, delivered.sorted(), "a value older than one already sent")
        subscription.dispose()
    }

    func testConcurrentChangesWithAGivenSchedulerAreDeliveredThere() {
        let scheduler = Scheduler.background(name: "observer")
        let counter = SharedCounter()
        let values = Fixture.Log<Int>()
        let wrongScheduler = Fixture.Log<Bool>()
        let subscription = counter.signal(for: \.value, on: scheduler).subscribeNext {
            values.append($0)
            if Scheduler.current !== scheduler, values.all.count > 1 { wrongScheduler.append(true) }
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<300 { counter.increment() }
        }
        XCTAssertTrue(spinMainLoop(timeout: 10) { values.all.last == 1200 })
        XCTAssertEqual(values.all, values.all.sorted())
        XCTAssertEqual(wrongScheduler.all, [])
        subscription.dispose()
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension SharedCounter {
    /// One atomic increment: the lock is held across the read and the mutation.
    func increment() {
        withLockedValue { $0 += 1 }
    }
}
