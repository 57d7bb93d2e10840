import Foundation
import RACSwift
import XCTest

final class ConcatTests: RACTestCase {
    func testSendsTheFirstSignalsEventsThenTheSeconds() {
        let first = Signal<Int>.create { $0.sendNext(1); $0.sendNext(2); $0.sendCompleted(); return nil }
        let second = Signal<Int>.create { $0.sendNext(3); $0.sendCompleted(); return nil }
        let recorder = EventLog(first.concat(second))
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(recorder.disposable?.isDisposed, true, "termination disposes the whole subscription")
    }

    func testTheSecondIsNotSubscribedUntilTheFirstCompletes() {
        let first = HigherProbe<Int>()
        let second = HigherProbe<Int>()
        let recorder = EventLog(first.signal.concat(second.signal))
        first.send(1)
        XCTAssertEqual(second.subscriptions, 0)
        first.sendCompleted()
        XCTAssertEqual(second.subscriptions, 1)
        XCTAssertEqual(first.disposals, 1)
        second.send(2)
        second.sendCompleted()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testDisposalStopsTheSecondSignal() {
        let first = HigherProbe<Int>()
        let second = HigherProbe<Int>()
        let recorder = EventLog(first.signal.concat(second.signal))
        first.sendCompleted()
        second.send(1)
        recorder.disposable?.dispose()
        XCTAssertEqual(second.disposals, 1)
        second.send(2)
        XCTAssertEqual(recorder.events, [.next(1)])
    }

    func testDisposalDuringTheFirstNeverSubscribesTheSecond() {
        let first = HigherProbe<Int>()
        let second = HigherProbe<Int>()
        let recorder = EventLog(first.signal.concat(second.signal))
        recorder.disposable?.dispose()
        XCTAssertEqual(first.disposals, 1)
        first.sendCompleted()
        XCTAssertEqual(second.subscriptions, 0)
        XCTAssertEqual(recorder.events, [])
    }

    func testAnErrorInTheFirstSkipsTheSecond() {
        let first = HigherProbe<Int>()
        let second = HigherProbe<Int>()
        let recorder = EventLog(first.signal.concat(second.signal))
        first.send(1)
        first.sendError(TestError.boom)
        XCTAssertEqual(recorder.events, [.next(1), .error(TestError.boom)])
        XCTAssertEqual(second.subscriptions, 0)
        XCTAssertEqual(recorder.disposable?.isDisposed, true)
    }

    func testAnErrorInTheSecondIsForwarded() {
        let recorder = EventLog(Signal.return(1).concat(.error(TestError.other)))
        XCTAssertEqual(recorder.events, [.next(1), .error(TestError.other)])
        XCTAssertEqual(recorder.disposable?.isDisposed, true)
    }

    func testEachSubscriptionRunsBothSignalsAnew() {
        let runs = Fixture.Counter()
        let first = Signal<Int>.create { $0.sendNext(runs.increment()); $0.sendCompleted(); return nil }
        let concatenated = first.concat(.return(0))
        XCTAssertEqual(EventLog(concatenated).values, [1, 0])
        XCTAssertEqual(EventLog(concatenated).values, [2, 0])
    }

    func testEmptyFirstSendsOnlyTheSecond() {
        XCTAssertEqual(EventLog(Signal<Int>.empty.concat(.return(4))).events, [.next(4), .completed])
    }
}
