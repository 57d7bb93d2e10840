import XCTest
@_spi(Testing) import RACSwift

final class IgnoreValuesTests: RACTestCase {
    func testIgnoreValuesForwardsOnlyCompletion() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .next(2), .completed]).signal.ignoreValues()).events, [.completed])
    }

    func testIgnoreValuesForwardsTheError() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .error(TestError(code: 8))]).signal.ignoreValues()).events,
                       [.error(TestError(code: 8))])
    }

    func testDisposalStopsTheSource() {
        assertDisposalDisposesTheSource({ (signal: Signal<Int>) in signal.ignoreValues() }, sending: [1],
                                        thenAfterDisposal: { $0.complete() }, receives: [])
    }
}

/// `ignoreValues()` produces any value type the context asks for (RAC's
/// `[[signal ignoreValues] catch:…]` with a replacement of another type).
final class IgnoreValuesRetypingTests: RACTestCase {
    func testWithoutContextTheValueTypeIsKept() {
        let signal = SyncSource<Int>([.next(1), .completed]).signal.ignoreValues()
        XCTAssertTrue(valueType(of: signal) == Int.self)
        XCTAssertEqual(EventLog(signal).events, [.completed])
    }

    func testAnAnnotationChoosesTheValueType() {
        let signal: Signal<String> = SyncSource<Int>([.next(1), .next(2), .completed]).signal.ignoreValues()
        XCTAssertEqual(EventLog(signal).events, [.completed])
    }

    func testCatchWithAReplacementOfAnotherTypeInfersIt() {
        let failing = SyncSource<Int>([.next(1), .error(TestError(code: 3))]).signal
        let recovered = failing.ignoreValues().catch { _ in Signal.return("offline") }
        XCTAssertEqual(EventLog(recovered).events, [.next("offline"), .completed])
    }

    func testMergeOfSignalsOfDifferentTypes() {
        let done = SyncSource<Int>([.next(1), .completed]).signal
        let names = SyncSource<String>([.next("a"), .completed]).signal
        XCTAssertEqual(EventLog(Signal.merge(names, done.ignoreValues())).events, [.next("a"), .completed])
    }

    func testTheErrorPassesThroughUnderTheNewType() {
        let signal: Signal<String> = SyncSource<Int>([.next(1), .error(TestError(code: 8))]).signal.ignoreValues()
        XCTAssertEqual(EventLog(signal).events, [.error(TestError(code: 8))])
    }
}

private func valueType<T>(of signal: Signal<T>) -> Any.Type { T.self }
