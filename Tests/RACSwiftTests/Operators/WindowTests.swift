import Foundation
import RACSwift
import XCTest

final class WindowTests: RACTestCase {
    /// Subscribes to every window as it arrives and records, per window, what it received.
    private final class WindowLog<Value>: @unchecked Sendable {
        var windows: [HotEventLog<Value>] = []
        let outer = HotEventLog<Signal<Value>>()
        var disposable: Disposable!

        init(_ signal: Signal<Signal<Value>>) {
            disposable = signal.subscribe(
                next: { [unowned self] window in
                    outer.record(.next(window))
                    let log = HotEventLog<Value>.subscribed(to: window)
                    windows.append(log)
                },
                error: { [unowned self] in outer.record(.error($0)) },
                completed: { [unowned self] in outer.record(.completed) })
        }

        var outerTerminal: [String] {
            outer.events.compactMap { event in
                switch event {
                case .next: return nil
                case .error(let error): return "error \(error)"
                case .completed: return "completed"
                }
            }
        }
    }

    /// `window(withStart:close:)` over a manual source, manual openings and one manual closing
    /// signal shared by every window, with a log of its windows.
    private func windowOfManualInputs() -> (HigherProbe<Int>, HigherProbe<Void>, HigherProbe<Void>, WindowLog<Int>) {
        let source = HigherProbe<Int>()
        let openings = HigherProbe<Void>()
        let closings = HigherProbe<Void>()
        let log = WindowLog(source.signal.window(withStart: openings.signal, close: { _ in closings.signal }))
        return (source, openings, closings, log)
    }

    func testAnOpeningOpensAWindowThatGetsTheValuesUntilItsClosingSignalSends() {
        let (source, openings, closings, log) = windowOfManualInputs()
        source.send(0)  // no window open: dropped
        openings.send(())
        XCTAssertEqual(log.windows.count, 1)
        XCTAssertEqual(closings.subscriptions, 1)
        source.send(1)
        source.send(2)
        closings.send(())
        XCTAssertEqual(closings.disposals, 1, "the closing subscription ends with its window")
        source.send(3)  // dropped again
        openings.send(())
        source.send(4)
        XCTAssertEqual(log.windows.map(\.events), [[.next(1), .next(2), .completed], [.next(4)]])
        XCTAssertEqual(closings.subscriptions, 2, "each window gets its own closing signal")
        log.disposable.dispose()
    }

    func testAnOpeningWhileAWindowIsOpenIsIgnored() {
        let source = HigherProbe<Int>()
        let openings = HigherProbe<Int>()
        let log = WindowLog(source.signal.window(withStart: openings.signal, close: { _ in Signal<Int>.never }))
        openings.send(1)
        source.send(1)
        openings.send(2)
        source.send(2)
        XCTAssertEqual(log.windows.map(\.events), [[.next(1), .next(2)]])
        log.disposable.dispose()
    }

    func testTheCloseBlockReceivesTheWindowItCloses() {
        let source = HigherProbe<Int>()
        nonisolated(unsafe) var given: [Signal<Int>] = []
        let log = WindowLog(source.signal.window(withStart: Signal.return(()), close: { window in
            given.append(window)
            return Signal<Void>.never
        }))
        XCTAssertEqual(given.count, 1)
        XCTAssertTrue(given.first === log.outer.values.first)
        log.disposable.dispose()
    }

    func testAClosingErrorOrCompletionAlsoClosesTheWindow() {
        for closing in [Signal<Void>.empty, Signal<Void>.error(TestError.boom)] {
            let source = HigherProbe<Int>()
            let openings = HigherProbe<Void>()
            let log = WindowLog(source.signal.window(withStart: openings.signal, close: { _ in closing }))
            openings.send(())
            source.send(1)
            XCTAssertEqual(log.windows.map(\.events), [[.completed]], "closed at once: the value is dropped")
            XCTAssertEqual(log.outerTerminal, [])
            log.disposable.dispose()
        }
    }

    func testCompletionGoesToTheSubscriberThenToTheOpenWindow() {
        let (source, openings, closings, log) = windowOfManualInputs()
        openings.send(())
        source.send(1)
        source.sendCompleted()
        XCTAssertEqual(log.outerTerminal, ["completed"])
        XCTAssertEqual(log.windows.map(\.events), [[.next(1), .completed]])
        XCTAssertEqual(openings.disposals, 1)
        XCTAssertEqual(closings.disposals, 1)
    }

    func testAnErrorGoesToTheSubscriberThenToTheOpenWindow() {
        let source = HigherProbe<Int>()
        let openings = HigherProbe<Void>()
        let log = WindowLog(source.signal.window(withStart: openings.signal, close: { _ in Signal<Void>.never }))
        openings.send(())
        source.sendError()
        XCTAssertEqual(log.outerTerminal, ["error boom"])
        XCTAssertEqual(log.windows.map(\.events), [[.error(TestError.boom)]])
        XCTAssertEqual(openings.disposals, 1)
    }

    func testTheOpeningsEndingOpensNoMoreWindowsButDoesNotEndTheResult() {
        let source = HigherProbe<Int>()
        let openings = HigherProbe<Void>()
        let log = WindowLog(source.signal.window(withStart: openings.signal, close: { _ in Signal<Void>.never }))
        openings.sendError()
        source.send(1)
        XCTAssertEqual(log.windows.count, 0)
        XCTAssertEqual(log.outerTerminal, [])
        source.sendCompleted()
        XCTAssertEqual(log.outerTerminal, ["completed"])
    }

    func testDisposalStopsEveryInputAndTheWindowGetsNothingMore() {
        let (source, openings, closings, log) = windowOfManualInputs()
        openings.send(())
        source.send(1)
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(openings.disposals, 1)
        XCTAssertEqual(closings.disposals, 1)
        source.send(2)
        XCTAssertEqual(log.windows.map(\.events), [[.next(1)]])
    }

    // RAC's own use of windows: count-based buffers over a hot source.
    func testWindowsClosedByASubjectCutAHotSourceIntoRuns() {
        let source = Subject<Int>()
        let cut = Subject<Void>()
        nonisolated(unsafe) var runs: [[Int]] = []
        let disposable = source.window(withStart: source, close: { _ in cut })
            .flattenMap { $0.collect() }
            .subscribeNext { runs.append($0) }
        source.sendNext(1)
        source.sendNext(2)
        cut.sendNext(())
        source.sendNext(3)
        cut.sendNext(())
        XCTAssertEqual(runs, [[1, 2], [3]])
        disposable.dispose()
    }
}
