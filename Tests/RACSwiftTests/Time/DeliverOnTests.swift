import Dispatch
import XCTest
import RACSwift
import RACSwiftTesting

final class DeliverOnTests: RACTestCase {
    func testDeliverOnSchedulesEachEventAsItsOwnBlockInOrder() {
        let scheduler = TestScheduler()
        let source = Signal<String>.create { s in
            s.sendNext("a"); s.sendNext("b"); s.sendCompleted()
            return nil
        }
        let recorder = scheduler.record(source.deliver(on: scheduler))
        XCTAssertEqual(recorder.events, [], "nothing is delivered on the sending thread")
        scheduler.step()
        XCTAssertEqual(recorder.events, [.next(0, "a")])
        scheduler.step()
        XCTAssertEqual(recorder.events, [.next(0, "a"), .next(0, "b")])
        scheduler.step()
        XCTAssertEqual(recorder.events, [.next(0, "a"), .next(0, "b"), .completed(0)])
    }

    func testDeliverOnKeepsErrorBehindValuesBeforeIt() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a(b#)", error: TestError.failed)
        scheduler.expectMarbles(source.deliver(on: scheduler), "-a(b#)", error: TestError.failed)
    }

    func testDeliverOnSendsEventsOnTheScheduler() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        nonisolated(unsafe) var deliveredOn: [Scheduler?] = []
        let disposable = source.signal.deliver(on: scheduler).subscribe(
            next: { _ in deliveredOn.append(Scheduler.current) },
            completed: { deliveredOn.append(Scheduler.current) })
        // Sent on the main thread, where `Scheduler.current` is `main`.
        source.sendNext(1)
        source.sendCompleted()
        XCTAssertTrue(deliveredOn.isEmpty)
        scheduler.run()
        XCTAssertEqual(deliveredOn.count, 2)
        XCTAssertTrue(deliveredOn.allSatisfy { $0 === scheduler })
        disposable.dispose()
    }

    func testDeliverOnDisposalCancelsPendingDeliveries() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<String>()
        let recorder = scheduler.record(source.signal.deliver(on: scheduler))
        source.sendNext("a")
        scheduler.run()
        source.sendNext("b")
        source.sendCompleted()
        recorder.disposable.dispose()
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(0, "a")])
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testDeliverOnDisposalDisposesSource() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<String>()
        let recorder = scheduler.record(source.signal.deliver(on: scheduler))
        recorder.disposable.dispose()
        XCTAssertEqual(source.disposalCount, 1)
    }

    func testDeliverOnResubscriptionIsIndependent() {
        let scheduler = TestScheduler()
        scheduler.expectMarblesOnEachSubscription(scheduler.cold("-a|").deliver(on: scheduler), "-a|", values: ["a": "a"], resubscribingAt: 5)
    }

    func testDeliverOnImmediateDeliversSynchronously() {
        nonisolated(unsafe) var received: [Int] = []
        Signal.return(1).deliver(on: .immediate).subscribe(
            next: { received.append($0) }, completed: { received.append(0) })
        XCTAssertEqual(received, [1, 0])
    }

    // MARK: deliverOnMainThread

    func testDeliverOnMainThreadDeliversSynchronouslyOnMainThreadWhenNothingIsQueued() {
        nonisolated(unsafe) var received: [String] = []
        Signal<String>.create { s in
            s.sendNext("a"); s.sendCompleted()
            return nil
        }.deliverOnMainThread().subscribe(next: { received.append($0) }, completed: { received.append("|") })
        XCTAssertEqual(received, ["a", "|"])
    }

    func testDeliverOnMainThreadQueuesMainThreadEventBehindOnesStillInMainQueue() {
        let source = TimeManualSource<String>()
        nonisolated(unsafe) var received: [String] = []
        nonisolated(unsafe) var onMainThread: [Bool] = []
        let done = expectation(description: "delivered")
        let disposable = source.signal.deliverOnMainThread().subscribe(
            next: {
                received.append($0)
                onMainThread.append(Thread.isMainThread)
            },
            completed: { done.fulfill() })

        // "a" comes from a thread that is not main, so it waits in the main queue...
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            source.sendNext("a")
            sent.signal()
        }
        sent.wait()
        XCTAssertEqual(received, [])
        // ...and "b", sent on the main thread meanwhile, must not overtake it.
        source.sendNext("b")
        XCTAssertEqual(received, [])
        source.sendCompleted()
        wait(for: [done], timeout: 5)
        XCTAssertEqual(received, ["a", "b"])
        XCTAssertEqual(onMainThread, [true, true])
        disposable.dispose()
    }

    func testDeliverOnMainThreadGoesBackToSynchronousDeliveryOnceQueueDrains() {
        let source = TimeManualSource<String>()
        nonisolated(unsafe) var received: [String] = []
        let disposable = source.signal.deliverOnMainThread().subscribeNext { received.append($0) }
        let drained = expectation(description: "queued value delivered")
        DispatchQueue.global().async {
            source.sendNext("a")
            DispatchQueue.main.async { drained.fulfill() }
        }
        wait(for: [drained], timeout: 5)
        XCTAssertEqual(received, ["a"])
        source.sendNext("b")
        XCTAssertEqual(received, ["a", "b"])
        disposable.dispose()
    }

    func testDeliverOnMainThreadDisposalDropsQueuedEvents() {
        let source = TimeManualSource<String>()
        nonisolated(unsafe) var received: [String] = []
        let disposable = source.signal.deliverOnMainThread().subscribeNext { received.append($0) }
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            source.sendNext("a")
            sent.signal()
        }
        sent.wait()
        disposable.dispose()
        XCTAssertEqual(source.disposalCount, 1)
        let drained = expectation(description: "main queue drained")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 5)
        XCTAssertEqual(received, [])
    }
}
