import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// A plain service class as a port writes it: not `Sendable`, with mutable state its
/// operators read. Its pipelines compile in Swift 6 mode because the closures receive the
/// service as a parameter instead of capturing it (RAC's `@weakify(self)` / `@strongify(self)`).
private final class Catalog {
    var titles: [Int: String] = [1: "one", 2: "two"]
    private(set) var lookups = 0
    private(set) var recovered: [String] = []

    func titles(for ids: Signal<Int>) -> Signal<String> {
        ids.map(weak: self) { catalog, id in
            catalog.lookups += 1
            return catalog.titles[id] ?? "?"
        }
    }

    func details(for ids: Signal<Int>, fetch: @escaping @Sendable (Int) -> Signal<String>?) -> Signal<String> {
        ids.flattenMap(weak: self) { catalog, id in
            catalog.lookups += 1
            return fetch(id)
        }
    }

    func recovering(_ request: Signal<String>, with fallback: Signal<String>) -> Signal<String> {
        request.catch(weak: self) { catalog, error in
            catalog.recovered.append("\(error)")
            return fallback
        }
    }

    func reload(after save: Signal<Void>, _ next: Signal<String>) -> Signal<String> {
        save.then(weak: self) { catalog in
            catalog.lookups += 1
            return next
        }
    }
}

final class WeakTargetOperatorsTests: RACTestCase {
    // MARK: map(weak:)

    func testMapWeakPassesTheTargetWithEachValueAndForwardsCompletion() {
        let ids = ManualSource<Int>()
        let catalog = Catalog()
        let log = EventLog(catalog.titles(for: ids.signal))
        ids.send(1)
        catalog.titles[2] = "deux"
        ids.send(2)
        ids.complete()
        XCTAssertEqual(log.events, [.next("one"), .next("deux"), .completed])
        XCTAssertEqual(catalog.lookups, 2)
        XCTAssertEqual(ids.disposals, 1)
    }

    func testMapWeakForwardsErrors() {
        let ids = ManualSource<Int>()
        let catalog = Catalog()
        let log = EventLog(catalog.titles(for: ids.signal))
        ids.send(1)
        ids.fail(TestError.boom)
        XCTAssertEqual(log.events, [.next("one"), .error(TestError.boom)])
        XCTAssertFalse(ids.isSubscribed)
    }

    func testMapWeakDoesNotKeepTheTargetAndCompletesAtTheFirstValueAfterIt() {
        let ids = ManualSource<Int>()
        var catalog: Catalog? = Catalog()
        weak let weakCatalog = catalog
        let log = EventLog(catalog!.titles(for: ids.signal))
        ids.send(1)

        catalog = nil
        XCTAssertNil(weakCatalog, "the signal must not retain its target")
        XCTAssertEqual(log.events, [.next("one")], "no deallocation hook: nothing happens before the next value")
        XCTAssertTrue(ids.isSubscribed)

        ids.send(2)
        XCTAssertEqual(log.events, [.next("one"), .completed], "the value finds the target gone: completed, not mapped")
        XCTAssertEqual(ids.disposals, 1)
        XCTAssertFalse(ids.isSubscribed)
    }

    func testMapWeakEachSubscriptionLooksTheTargetUpAfresh() {
        let catalog = Catalog()
        let titles = catalog.titles(for: Signal.from([2, 1]))
        XCTAssertEqual(try titles.toArray(), ["two", "one"])
        XCTAssertEqual(try titles.toArray(), ["two", "one"])
        XCTAssertEqual(catalog.lookups, 4)
    }

    // MARK: flattenMap(weak:)

    func testFlattenMapWeakFlattensTheSignalsTheClosureReturns() {
        let ids = ManualSource<Int>()
        let inners = [1: ManualSource<String>(), 2: ManualSource<String>()]
        let catalog = Catalog()
        let log = EventLog(catalog.details(for: ids.signal) { id in inners[id]?.signal })
        ids.send(1)
        ids.send(2)
        ids.send(3)  // nil: an empty signal, as flattenMap's
        inners[2]!.send("b")
        inners[1]!.send("a")
        inners[1]!.complete()
        ids.complete()
        XCTAssertEqual(log.events, [.next("b"), .next("a")], "the second inner signal is still running")
        inners[2]!.complete()
        XCTAssertEqual(log.events, [.next("b"), .next("a"), .completed])
        XCTAssertEqual(catalog.lookups, 3)
    }

    func testFlattenMapWeakForwardsAnInnerError() {
        let ids = ManualSource<Int>()
        let inner = ManualSource<String>()
        let catalog = Catalog()
        let log = EventLog(catalog.details(for: ids.signal) { _ in inner.signal })
        ids.send(1)
        inner.fail(TestError.other)
        XCTAssertEqual(log.events, [.error(TestError.other)])
        XCTAssertFalse(ids.isSubscribed)
    }

    func testFlattenMapWeakCompletesAndDisposesTheInnerSignalsAtTheFirstValueAfterTheTargetIsGone() {
        let ids = ManualSource<Int>()
        let inner = ManualSource<String>()
        let fetches = Locked(0)
        var catalog: Catalog? = Catalog()
        weak let weakCatalog = catalog
        let log = EventLog(catalog!.details(for: ids.signal) { _ in
            fetches += 1
            return inner.signal
        })
        ids.send(1)
        inner.send("a")

        catalog = nil
        XCTAssertNil(weakCatalog)
        inner.send("b")
        XCTAssertEqual(log.events, [.next("a"), .next("b")], "a running inner signal goes on until the next outer value")

        ids.send(2)
        XCTAssertEqual(log.events, [.next("a"), .next("b"), .completed])
        XCTAssertEqual(fetches.value, 1, "the closure is not called once the target is gone")
        XCTAssertFalse(ids.isSubscribed)
        XCTAssertFalse(inner.isSubscribed, "the completion disposes the inner signals, as takeUntil:rac_willDeallocSignal")
        XCTAssertEqual(inner.disposals, 1)
    }

    // MARK: catch(weak:)

    func testCatchWeakHandsTheTargetAndTheErrorToTheHandler() {
        let request = ManualSource<String>()
        let fallback = ManualSource<String>()
        let catalog = Catalog()
        let log = EventLog(catalog.recovering(request.signal, with: fallback.signal))
        request.send("first")
        request.fail(TestError.boom)
        XCTAssertEqual(catalog.recovered, ["\(TestError.boom)"])
        XCTAssertFalse(request.isSubscribed)
        fallback.send("cached")
        fallback.complete()
        XCTAssertEqual(log.events, [.next("first"), .next("cached"), .completed])
    }

    func testCatchWeakCompletesAtTheErrorWhenTheTargetIsGone() {
        let request = ManualSource<String>()
        let fallback = ManualSource<String>()
        var catalog: Catalog? = Catalog()
        weak let weakCatalog = catalog
        let log = EventLog(catalog!.recovering(request.signal, with: fallback.signal))
        catalog = nil
        XCTAssertNil(weakCatalog)
        request.send("first")
        request.fail(TestError.boom)
        XCTAssertEqual(log.events, [.next("first"), .completed], "no handler to ask: completed, as after takeUntil:")
        XCTAssertEqual(fallback.subscriptions, 0)
    }

    // MARK: then(weak:)

    func testThenWeakSubscribesTheTargetsSignalAtCompletion() {
        let save = ManualSource<Void>()
        let next = ManualSource<String>()
        let catalog = Catalog()
        let log = EventLog(catalog.reload(after: save.signal, next.signal))
        save.send(())
        XCTAssertEqual(catalog.lookups, 0, "the block runs at completion only")
        save.complete()
        XCTAssertEqual(catalog.lookups, 1)
        next.send("reloaded")
        next.complete()
        XCTAssertEqual(log.events, [.next("reloaded"), .completed])
    }

    func testThenWeakForwardsAnErrorWithoutCallingTheBlock() {
        let save = ManualSource<Void>()
        let catalog = Catalog()
        let log = EventLog(catalog.reload(after: save.signal, .never))
        save.fail(TestError.failed)
        XCTAssertEqual(log.events, [.error(TestError.failed)])
        XCTAssertEqual(catalog.lookups, 0)
    }

    func testThenWeakCompletesAtCompletionWhenTheTargetIsGone() {
        let save = ManualSource<Void>()
        let next = ManualSource<String>()
        var catalog: Catalog? = Catalog()
        let log = EventLog(catalog!.reload(after: save.signal, next.signal))
        catalog = nil
        save.complete()
        XCTAssertEqual(log.events, [.completed])
        XCTAssertEqual(next.subscriptions, 0)
    }
}

// MARK: - A target with a lifetime

/// A `ReactiveObject` target: the weak-target operators end at its deinit, synchronously, as
/// RAC's `takeUntil:self.rac_willDeallocSignal` does.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
private final class SearchModel: ReactiveObject {
    let prefix = "result"

    func results(for queries: Signal<String>, search: @escaping @Sendable (String) -> Signal<String>) -> Signal<String> {
        queries.flattenMap(weak: self) { _, query in search(query) }
    }

    func labels(for queries: Signal<String>) -> Signal<String> {
        queries.map(weak: self) { model, query in "\(model.prefix) \(query)" }
    }

    func recovering(_ request: Signal<String>) -> Signal<String> {
        request.catch(weak: self) { _, _ in .return("fallback") }
    }

    func then(_ save: Signal<Void>) -> Signal<String> {
        save.then(weak: self) { model in .return(model.prefix) }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class WeakTargetOperatorsLifetimeTests: RACTestCase {
    func testMapWeakCompletesAtTheTargetsDeinit() {
        let queries = ManualSource<String>()
        var model: SearchModel? = SearchModel()
        let log = EventLog(model!.labels(for: queries.signal))
        queries.send("a")
        XCTAssertEqual(log.events, [.next("result a")])
        model = nil
        XCTAssertEqual(log.events, [.next("result a"), .completed], "completed at the deinit, with no value needed")
        XCTAssertFalse(queries.isSubscribed)
    }

    func testFlattenMapWeakCompletesAndDisposesTheRunningSearchAtTheTargetsDeinit() {
        let queries = ManualSource<String>()
        let search = ManualSource<String>()
        var model: SearchModel? = SearchModel()
        weak let weakModel = model
        let log = EventLog(model!.results(for: queries.signal) { _ in search.signal })
        queries.send("ada")
        search.send("Ada Lovelace")

        model = nil
        XCTAssertNil(weakModel)
        XCTAssertEqual(log.events, [.next("Ada Lovelace"), .completed])
        XCTAssertFalse(queries.isSubscribed)
        XCTAssertFalse(search.isSubscribed, "the request in flight is cancelled, as takeUntil:rac_willDeallocSignal")
    }

    func testCatchAndThenWeakCompleteAtTheTargetsDeinit() {
        let request = ManualSource<String>()
        let save = ManualSource<Void>()
        var model: SearchModel? = SearchModel()
        let caught = EventLog(model!.recovering(request.signal))
        let then = EventLog(model!.then(save.signal))
        model = nil
        XCTAssertEqual(caught.events, [.completed])
        XCTAssertEqual(then.events, [.completed])
        XCTAssertFalse(request.isSubscribed)
        XCTAssertFalse(save.isSubscribed)
    }

    func testSubscribingAfterTheTargetsDeinitCompletesAtOnceWithoutSubscribingTheSource() {
        let queries = ManualSource<String>()
        var model: SearchModel? = SearchModel()
        let labels = model!.labels(for: queries.signal)
        model = nil
        let log = EventLog(labels)
        XCTAssertEqual(log.events, [.completed])
        XCTAssertEqual(queries.subscriptions, 0)
    }

    func testWhileTheTargetLivesTheOperatorsBehaveAsThePlainOnes() {
        let model = SearchModel()
        XCTAssertEqual(try model.labels(for: .from(["a", "b"])).toArray(), ["result a", "result b"])
        XCTAssertEqual(try model.results(for: .from(["x"])) { .return("found \($0)") }.toArray(), ["found x"])
        XCTAssertEqual(try model.recovering(.error(TestError.boom)).toArray(), ["fallback"])
        XCTAssertEqual(try model.then(.empty).toArray(), ["result"])
    }
}
