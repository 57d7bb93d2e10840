import Foundation
import RACSwift
import XCTest

/// An app-shaped sample for "Signals and Swift Concurrency": a `@MainActor` view model fed by
/// signals that answer on background threads. It compiles as written only because its
/// main-actor closures and key path go through `onMainActor`; the plain forms reject them
/// (Tools/compile-fail checks that).
@MainActor
final class SearchViewModel {
    var status = "idle"
    private(set) var results: [String] = []
    private(set) var failure: String?
    private(set) var updatesOffMain = 0
    private var subscriptions: [Disposable] = []

    init(queries: Signal<String>, search: @escaping @Sendable (String) -> Signal<[String]>) {
        let answers = queries
            .filter { !$0.isEmpty }
            .map(search)
            .switchToLatest()
        subscriptions.append(answers.onMainActor.subscribe(
            next: { [weak self] in
                guard let self else { return }
                if !Thread.isMainThread { updatesOffMain += 1 }
                results = $0
            },
            error: { [weak self] in self?.failure = "\($0)" }))
        subscriptions.append(queries.map { "searching '\($0)'" }.onMainActor.setKeyPath(\.status, on: self))
    }

    func stop() {
        for subscription in subscriptions { subscription.dispose() }
        subscriptions = []
    }
}

final class MainActorSubscriptionsTests: RACTestCase {
    /// Runs the main run loop (which drains the main queue on Linux too) until `done` holds.
    private func runMainLoop(until done: @MainActor () -> Bool, timeout: TimeInterval = 5) {
        let deadline = Date().addingTimeInterval(timeout)
        while !MainActor.assumeIsolated(done), Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.001))
        }
    }

    /// Lets the main queue run for a while, for a check that nothing more arrives.
    private func drainMainQueue(for interval: TimeInterval = 0.05) {
        let deadline = Date().addingTimeInterval(interval)
        while Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.001)) }
    }

    private struct SearchFailed: Error {}

    func testViewModelUpdatesOnTheMainActorWhenSearchesAnswerOnBackgroundThreads() {
        let queries = Subject<String>()
        let model = MainActor.assumeIsolated {
            SearchViewModel(queries: queries) { query in
                Signal<[String]>.create { subscriber in
                    subscriber.sendNext(["\(query)-1", "\(query)-2"])
                    subscriber.sendCompleted()
                    return nil
                }.subscribe(on: .background())
            }
        }
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            queries.sendNext("swift")
            sent.signal()
        }
        sent.wait()
        runMainLoop(until: { model.results == ["swift-1", "swift-2"] })
        MainActor.assumeIsolated {
            XCTAssertEqual(model.results, ["swift-1", "swift-2"])
            XCTAssertEqual(model.status, "searching 'swift'")
            XCTAssertEqual(model.updatesOffMain, 0)
            XCTAssertNil(model.failure)
            model.stop()
        }
        queries.sendCompleted()
    }

    func testViewModelReceivesTheSearchErrorOnTheMainActor() {
        let queries = Subject<String>()
        let model = MainActor.assumeIsolated {
            SearchViewModel(queries: queries) { _ in
                Signal<[String]>.error(SearchFailed()).subscribe(on: .background())
            }
        }
        queries.sendNext("swift")
        runMainLoop(until: { model.failure != nil })
        MainActor.assumeIsolated {
            XCTAssertEqual(model.failure, "\(SearchFailed())")
            XCTAssertEqual(model.results, [])
            model.stop()
        }
    }

    func testEveryEventFromBackgroundThreadsRunsOnTheMainThreadInOrder() {
        // Four threads send 200 values each into one create block, which serializes them;
        // each thread's values keep their order, and every delivery is on the main thread.
        let threads = 4, perThread = 200
        let source = Signal<Int>.create { subscriber in
            let group = DispatchGroup()
            for thread in 0..<threads {
                DispatchQueue.global().async(group: group) {
                    for index in 0..<perThread { subscriber.sendNext(thread * 1000 + index) }
                }
            }
            group.notify(queue: .global()) { subscriber.sendCompleted() }
            return nil
        }.subscribe(on: .background())
        let received = MainActor.assumeIsolated { MainActorLog<Int>() }
        let disposable = source.onMainActor.subscribe(
            next: { received.append($0) },
            completed: { received.complete() })
        runMainLoop(until: { received.isCompleted })
        MainActor.assumeIsolated {
            XCTAssertTrue(received.isCompleted)
            XCTAssertEqual(received.values.count, threads * perThread)
            XCTAssertEqual(received.offMain, 0)
            for thread in 0..<threads {
                let mine = received.values.filter { $0 / 1000 == thread }
                XCTAssertEqual(mine, (0..<perThread).map { thread * 1000 + $0 })
            }
        }
        disposable.dispose()
    }

    func testEventsSentOnTheMainThreadArriveAtOnceAndInOrder() {
        let subject = Subject<Int>()
        let received = MainActor.assumeIsolated { MainActorLog<Int>() }
        let disposable = subject.onMainActor.subscribeNext { received.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        MainActor.assumeIsolated {
            XCTAssertEqual(received.values, [1, 2], "deliverOnMainThread delivers synchronously on the main thread")
        }
        disposable.dispose()
        subject.sendCompleted()
    }

    func testDisposalStopsDelivery() {
        let subject = Subject<Int>()
        let received = MainActor.assumeIsolated { MainActorLog<Int>() }
        let disposable = subject.onMainActor.subscribeNext { received.append($0) }
        // Queued in the main queue, not delivered yet: disposal drops them.
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for value in 1...5 { subject.sendNext(value) }
            sent.signal()
        }
        sent.wait()
        disposable.dispose()
        drainMainQueue()
        DispatchQueue.global().async {
            subject.sendNext(6)
            sent.signal()
        }
        sent.wait()
        drainMainQueue()
        MainActor.assumeIsolated { XCTAssertEqual(received.values, []) }
        subject.sendCompleted()
    }

    func testErrorAndCompletionFormsRunOnTheMainThread() {
        let failed = MainActor.assumeIsolated { MainActorLog<String>() }
        let failing = Signal<Int>.error(SearchFailed()).subscribe(on: .background())
        let errorDisposable = failing.onMainActor.subscribeError { failed.append("\($0)") }
        runMainLoop(until: { !failed.values.isEmpty })

        let completed = MainActor.assumeIsolated { MainActorLog<String>() }
        let finishing = Signal<Int>.empty.subscribe(on: .background())
        let completedDisposable = finishing.onMainActor.subscribeCompleted { completed.append("|") }
        runMainLoop(until: { !completed.values.isEmpty })
        MainActor.assumeIsolated {
            XCTAssertEqual(failed.values, ["\(SearchFailed())"])
            XCTAssertEqual(completed.values, ["|"])
            XCTAssertEqual(failed.offMain + completed.offMain, 0)
        }
        errorDisposable.dispose()
        completedDisposable.dispose()
    }

    func testSetKeyPathAssignsOnTheMainThreadAndNilValueReplacesNil() {
        let model = MainActor.assumeIsolated { Labels() }
        let titles = Signal<String?>.create { subscriber in
            subscriber.sendNext("first")
            subscriber.sendNext(nil)
            subscriber.sendCompleted()
            return nil
        }.subscribe(on: .background())
        // A key path to a main-actor property can only be formed on the main actor.
        let disposable = MainActor.assumeIsolated {
            titles.onMainActor.setKeyPath(\.title, on: model, nilValue: "untitled")
        }
        runMainLoop(until: { model.assignments.count == 2 })
        MainActor.assumeIsolated {
            XCTAssertEqual(model.assignments, ["first", "untitled"])
            XCTAssertEqual(model.offMain, 0)
        }
        disposable.dispose()
    }
}

/// Main-actor state for the tests: what arrived, and how often off the main thread.
@MainActor
private final class MainActorLog<Value> {
    private(set) var values: [Value] = []
    private(set) var offMain = 0
    private(set) var isCompleted = false

    func append(_ value: Value) {
        if !Thread.isMainThread { offMain += 1 }
        values.append(value)
    }

    func complete() {
        if !Thread.isMainThread { offMain += 1 }
        isCompleted = true
    }
}

@MainActor
private final class Labels {
    private(set) var assignments: [String] = []
    private(set) var offMain = 0
    var title = "" {
        didSet {
            if !Thread.isMainThread { offMain += 1 }
            assignments.append(title)
        }
    }
}
