import Foundation
import Nimble
import RACSwift
import RACSwiftNimble
import RACSwiftTesting
import XCTest

/// A failing matcher shows what arrived as a marble diagram: one frame per event for a
/// subscription to a signal, the virtual times for a `TestRecorder`.
final class FailureMessageTests: LeakCheckedTestCase {
    func testValuesAndCompletionAreDrawnInArrivalOrder() {
        expect(failureMessages { expect(Signal.from([1, 2])).to(sendValues([1, 2, 3], then: .completion)) }) == [
            """
            expected to send values [1, 2, 3] then complete, got <12|>
            events: [next(1), next(2), completed]
            (one frame per event, in arrival order)
            """,
        ]
    }

    func testValuesLongerThanOneCharacterAreDrawnAsLettersWithALegend() {
        expect(failureMessages { expect(Signal.from(["one", "two", "one"])).to(sendNothing()) }) == [
            """
            expected to send nothing, got <aba|>
            where a = one, b = two
            events: [next(one), next(two), next(one), completed]
            (one frame per event, in arrival order)
            """,
        ]
    }

    func testAnErrorIsDrawnAsAHash() {
        let failing = Signal.from([7]).concat(Signal.error(TestError.other))
        expect(failureMessages { expect(failing).to(sendError(matching: TestError.boom)) }) == [
            """
            expected to send error boom, got <7#>
            events: [next(7), error(other)]
            (one frame per event, in arrival order)
            """,
        ]
        expect(failureMessages { expect(failing).to(complete()) }) == [
            """
            expected to complete, got <7#>
            events: [next(7), error(other)]
            (one frame per event, in arrival order)
            """,
        ]
    }

    func testNoEventAtAllIsSaidInWords() {
        expect(failureMessages { expect(Signal<Int>.never).to(sendError()) }) == [
            """
            expected to send an error, got no event
            events: []
            """,
        ]
        expect(failureMessages { expect(Signal<Int>.never).to(sendValues([1], then: .anyError)) }) == [
            """
            expected to send values [1] then send an error, got no event
            events: []
            """,
        ]
    }

    func testANegatedMatcherSaysNot() {
        expect(failureMessages { expect(Signal<Int>.empty).toNot(complete()) }) == [
            """
            expected to not complete, got <|>
            events: [completed]
            (one frame per event, in arrival order)
            """,
        ]
    }

    func testARecordersEventsAreDrawnAtTheirVirtualTimes() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.cold("-a--(bc)-#"))
        scheduler.run()
        expect(failureMessages { expect(recorder).to(sendValues(["a", "b"], then: .completion)) }) == [
            """
            expected to send values ["a", "b"] then complete, got <-a--(bc)-#>
            events: [next(a) @ 1, next(b) @ 4, next(c) @ 4, error(MarbleError(marble error)) @ 6]
            """,
        ]
    }

    func testToEventuallyReportsWhatHadArrivedAtTheTimeout() async {
        let subject = Subject<Int>()
        let messages = await gatherFailingExpectations(silently: true) {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) { subject.sendNext(1) }
            await expect(subject).toEventually(complete(), timeout: .milliseconds(200))
        }.map(\.message.stringValue)
        expect(messages) == [
            """
            expected to eventually complete, got <1>
            events: [next(1)]
            (one frame per event, in arrival order)
            """,
        ]
    }
}
