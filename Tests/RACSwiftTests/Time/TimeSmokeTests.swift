import Dispatch
import XCTest
import RACSwift
import RACSwiftTesting

/// Real-clock checks that the time and thread operators work on background schedulers and
/// reach the main thread on Linux. The exact rules are tested in virtual time; these only use
/// short intervals and generous bounds.
final class TimeSmokeTests: RACTestCase {
    /// Runs `body` on a GCD thread where no scheduler is current, and waits for it.
    private func onRawThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            precondition(Scheduler.current == nil)
            body()
            done.signal()
        }
        done.wait()
    }

    func testThrottleOnBackgroundSchedulerSendsLastValueOffMainThread() {
        let source = TimeManualSource<Int>()
        let values = Fixture.Log<Int>()
        let offMain = Fixture.Log<Bool>()
        let received = expectation(description: "throttled value")
        let disposable = source.signal.throttle(0.05, on: .background()).subscribeNext {
            values.append($0)
            offMain.append(!Thread.isMainThread)
            if $0 == 3 { received.fulfill() }
        }
        for i in 1...3 { source.sendNext(i) }
        wait(for: [received], timeout: 5)
        // Only a stall of the sending thread longer than the interval lets an earlier one through.
        XCTAssertEqual(values.all.last, 3)
        XCTAssertEqual(Set(offMain.all), [true])
        disposable.dispose()
    }

    func testThrottleWithoutSchedulerOffAnySchedulerWaitsOnBackgroundScheduler() {
        let source = TimeManualSource<Int>()
        let values = Fixture.Log<Int>()
        let onScheduler = Fixture.Log<Bool>()
        let received = expectation(description: "throttled value")
        let disposable = source.signal.throttle(0.05).subscribeNext {
            values.append($0)
            onScheduler.append(Scheduler.current != nil && !Thread.isMainThread)
            if $0 == 2 { received.fulfill() }
        }
        onRawThread {
            source.sendNext(1)
            source.sendNext(2)
        }
        wait(for: [received], timeout: 5)
        XCTAssertEqual(values.all.last, 2)
        XCTAssertEqual(Set(onScheduler.all), [true])
        disposable.dispose()
    }

    func testDelayOnBackgroundSchedulerWaitsAtLeastInterval() {
        let start = Date()
        let elapsed = Fixture.Log<TimeInterval>()
        let completed = expectation(description: "completed")
        let disposable = Signal.return(1).delay(0.1, on: .background()).subscribe(
            next: { _ in elapsed.append(Date().timeIntervalSince(start)) },
            completed: { completed.fulfill() })
        wait(for: [completed], timeout: 5)
        XCTAssertEqual(elapsed.all.count, 1)
        XCTAssertGreaterThanOrEqual(elapsed.all.first ?? 0, 0.09)
        disposable.dispose()
    }

    func testDelayWithoutSchedulerOffAnySchedulerDeliversInOrder() {
        let source = TimeManualSource<Int>()
        let values = Fixture.Log<Int>()
        let completed = expectation(description: "completed")
        let disposable = source.signal.delay(0.02).subscribe(
            next: { values.append($0) }, completed: { completed.fulfill() })
        onRawThread {
            for i in 1...20 { source.sendNext(i) }
            source.sendCompleted()
        }
        wait(for: [completed], timeout: 5)
        XCTAssertEqual(values.all, Array(1...20))
        disposable.dispose()
    }

    /// The queue-scheduler path keeps a burst in rings behind one timer, the sender appending
    /// while the firing delivers (issue 28d): every value arrives once, in order, no earlier
    /// than its interval after it was sent, then the completion.
    func testDelayBurstOnBackgroundSchedulerDeliversEveryValueInOrderNoEarlierThanItsInterval() {
        let source = TimeManualSource<Int>()
        let sentAt = Fixture.Log<Date>()
        let received = Fixture.Log<(Int, Date)>()
        let completed = expectation(description: "completed")
        let disposable = source.signal.delay(0.005, on: .background()).subscribe(
            next: { received.append(($0, Date())) }, completed: { completed.fulfill() })
        onRawThread {
            for i in 0..<3_000 {
                sentAt.append(Date())
                source.sendNext(i)
                // Spread over several firings: the sender keeps appending while they deliver.
                if i % 500 == 499 { usleep(2_000) }
            }
            source.sendCompleted()
        }
        wait(for: [completed], timeout: 10)
        let sent = sentAt.all
        let got = received.all
        XCTAssertEqual(got.map(\.0), Array(0..<3_000))
        let early = got.filter { $0.1.timeIntervalSince(sent[$0.0]) < 0.0049 }.map(\.0)
        XCTAssertEqual(early, [])
        disposable.dispose()
    }

    /// An error reaching the queue-scheduler path drops what is still waiting, in both rings.
    func testDelayBurstOnBackgroundSchedulerErrorDropsWhatWaits() {
        let source = TimeManualSource<Int>()
        let scheduler = Scheduler.background()
        let events = Fixture.Log<String>()
        let passed = expectation(description: "the interval has passed on the scheduler")
        let disposable = source.signal.delay(0.05, on: scheduler).subscribe(
            next: { events.append("\($0)") }, error: { _ in events.append("error") })
        onRawThread {
            for i in 0..<1_000 { source.sendNext(i) }
            source.sendError(TestError("x"))
        }
        // A block behind the interval on the same serial scheduler runs after any firing.
        scheduler.after(Date(timeIntervalSinceNow: 0.1)) { passed.fulfill() }
        wait(for: [passed], timeout: 5)
        // Values sent more than the interval before the error (a slow sender) may precede it;
        // nothing follows it.
        XCTAssertEqual(events.all.last, "error")
        XCTAssertEqual(events.all.filter { $0 == "error" }.count, 1)
        disposable.dispose()
    }

    func testBufferOnBackgroundSchedulerCollectsValues() {
        let source = TimeManualSource<Int>()
        let windows = Fixture.Log<[Int]>()
        let received = expectation(description: "window")
        let disposable = source.signal.buffer(withTime: 0.05, on: .background()).subscribeNext {
            windows.append($0)
            if windows.all.joined().count == 3 { received.fulfill() }
        }
        for i in 1...3 { source.sendNext(i) }
        wait(for: [received], timeout: 5)
        XCTAssertEqual(Array(windows.all.joined()), [1, 2, 3])
        disposable.dispose()
    }

    func testIntervalOnBackgroundSchedulerTicksUntilDisposed() {
        let dates = Fixture.Log<Date>()
        let ticked = expectation(description: "three ticks")
        ticked.expectedFulfillmentCount = 3
        ticked.assertForOverFulfill = false
        let disposable = Signal.interval(0.02, on: .background()).subscribeNext {
            dates.append($0)
            ticked.fulfill()
        }
        wait(for: [ticked], timeout: 5)
        disposable.dispose()
        let countAtDisposal = dates.all.count
        Thread.sleep(forTimeInterval: 0.1)
        // A tick already being delivered when disposal began may still finish (contract §6).
        XCTAssertLessThanOrEqual(dates.all.count, countAtDisposal + 1, "ticks went on after dispose()")
        let all = dates.all
        XCTAssertEqual(all, all.sorted())
    }

    func testTimeoutOnBackgroundSchedulerFailsNeverEndingSignal() {
        let errors = Fixture.Log<SignalError?>()
        let failed = expectation(description: "timed out")
        let disposable = Signal<Int>.never.timeout(0.05, on: .background()).subscribe(error: {
            errors.append($0 as? SignalError)
            failed.fulfill()
        })
        wait(for: [failed], timeout: 5)
        XCTAssertEqual(errors.all, [.timedOut])
        disposable.dispose()
    }

    func testDeliverOnBackgroundSchedulerKeepsOrderOffMainThread() {
        let scheduler = Scheduler.background()
        let values = Fixture.Log<Int>()
        let onScheduler = Fixture.Log<Bool>()
        let completed = expectation(description: "completed")
        let disposable = Signal<Int>.create { s in
            for i in 1...100 { s.sendNext(i) }
            s.sendCompleted()
            return nil
        }.deliver(on: scheduler).subscribe(
            next: {
                values.append($0)
                onScheduler.append(Scheduler.current === scheduler)
            },
            completed: { completed.fulfill() })
        wait(for: [completed], timeout: 5)
        XCTAssertEqual(values.all, Array(1...100))
        XCTAssertEqual(Set(onScheduler.all), [true])
        disposable.dispose()
    }

    func testSubscribeOnBackgroundSchedulerRunsSubscriptionThere() {
        let scheduler = Scheduler.background()
        let subscribedOn = Fixture.Log<Bool>()
        let completed = expectation(description: "completed")
        let disposable = Signal<Int>.create { s in
            subscribedOn.append(Scheduler.current === scheduler && !Thread.isMainThread)
            s.sendNext(1)
            s.sendCompleted()
            return nil
        }.subscribe(on: scheduler).subscribe(completed: { completed.fulfill() })
        wait(for: [completed], timeout: 5)
        XCTAssertEqual(subscribedOn.all, [true])
        disposable.dispose()
    }

    func testDeliverOnMainThreadReachesMainThreadFromBackgroundScheduler() {
        let values = Fixture.Log<Int>()
        let onMain = Fixture.Log<Bool>()
        let completed = expectation(description: "completed")
        let disposable = Signal<Int>.create { s in
            for i in 1...50 { s.sendNext(i) }
            s.sendCompleted()
            return nil
        }.subscribe(on: .background()).deliverOnMainThread().subscribe(
            next: {
                values.append($0)
                onMain.append(Thread.isMainThread)
            },
            completed: { completed.fulfill() })
        wait(for: [completed], timeout: 5)
        XCTAssertEqual(values.all, Array(1...50))
        XCTAssertEqual(Set(onMain.all), [true])
        disposable.dispose()
    }
}
