import XCTest
import RACSwift
import RACSwiftTesting

/// What a failing `expectMarbles` shows, asserted as text, and recorded events drawn back as
/// diagrams.
final class MarbleComparisonTests: TestingTestCase {
    func testMissingCompletionIsPointedAt() {
        let scheduler = TestScheduler()
        let comparison = scheduler.compareMarbles(scheduler.hot("-a--"), "-a|")
        XCTAssertEqual(comparison.failureMessage, """
            events differ from the marble diagram
            expected: -a|
              actual: -a
                        ^ first difference at 2 s
            expected events: [next(a) @ 1, completed @ 2]
              actual events: [next(a) @ 1]
            """)
    }

    func testExtraEventsAfterTheDiagramAreShown() {
        let scheduler = TestScheduler()
        let comparison = scheduler.compareMarbles(scheduler.cold("-a-b|"), "-a")
        XCTAssertEqual(comparison.failureMessage, """
            events differ from the marble diagram
            expected: -a
              actual: -a-b|
                         ^ first difference at 3 s
            expected events: [next(a) @ 1]
              actual events: [next(a) @ 1, next(b) @ 3, completed @ 4]
            """)
    }

    func testWrongValueIsDrawnWithItsOwnKey() {
        let scheduler = TestScheduler()
        let values = ["a": 1, "b": 2, "c": 3] as [Character: Int]
        let source = scheduler.cold("-a-b|", values: values)
        let comparison = scheduler.compareMarbles(source.map { $0 + 1 }, "-a-b|", values: values)
        XCTAssertEqual(comparison.expectedDiagram, "-a-b|")
        XCTAssertEqual(comparison.actualDiagram, "-b-c|")
        XCTAssertEqual(comparison.failureMessage, """
            events differ from the marble diagram
            expected: -a-b|
              actual: -b-c|
                       ^ first difference at 1 s
            expected events: [next(1) @ 1, next(2) @ 3, completed @ 4]
              actual events: [next(2) @ 1, next(3) @ 3, completed @ 4]
            """)
    }

    func testValueWithoutAKeyIsDrawnAsItselfOrAQuestionMark() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b|", values: ["a": 7, "b": 42])
        let comparison = scheduler.compareMarbles(source, "-a-b|", values: ["a": 1, "b": 2])
        XCTAssertEqual(comparison.actualDiagram, "-7-?|")
    }

    func testDifferentErrorsLookAlikeInTheDiagramButDifferInTheLists() {
        let scheduler = TestScheduler()
        let comparison = scheduler.compareMarbles(scheduler.cold("-#", error: TestError.bang), "-#", error: TestError.boom)
        XCTAssertFalse(comparison.matches)
        XCTAssertEqual(comparison.failureMessage, """
            events differ from the marble diagram
            expected: -#
              actual: -#
                       ^ first difference at 1 s
            expected events: [error(boom) @ 1]
              actual events: [error(bang) @ 1]
            """)
    }

    func testNothingArrivedDrawsAnEmptyActualDiagram() {
        let comparison = MarbleComparison(expected: [.next(2, "a")], actual: [])
        XCTAssertEqual(comparison.failureMessage, """
            events differ from the marble diagram
            expected: --a
              actual:
                        ^ first difference at 2 s
            expected events: [next(a) @ 2]
              actual events: []
            """)
    }

    func testFractionalTimeIsDrawnInItsFrameAndShownExactlyInTheList() {
        let comparison = MarbleComparison(expected: [.next(1, "a")], actual: [.next(1.5, "a")])
        XCTAssertEqual(comparison.expectedDiagram, comparison.actualDiagram)
        XCTAssertEqual(comparison.failureMessage, """
            events differ from the marble diagram
            expected: -a
              actual: -a
                       ^ first difference at 1 s
            expected events: [next(a) @ 1]
              actual events: [next(a) @ 1.5]
            """)
    }

    func testMatchHasNoFailureMessage() {
        let scheduler = TestScheduler()
        let comparison = scheduler.compareMarbles(scheduler.cold("-a-(bc)|"), "-a-(bc)|")
        XCTAssertTrue(comparison.matches)
        XCTAssertNil(comparison.failureMessage)
        XCTAssertEqual(comparison.description, "events match the marble diagram -a-(bc)|")
        XCTAssertEqual(comparison.actual, [.next(1, "a"), .next(3, "b"), .next(3, "c"), .completed(4)])
    }

    // MARK: Recorded events drawn as diagrams

    func testRecordedEventsDrawAsADiagram() {
        let events: [Recorded<String>] = [.next(1, "a"), .next(3, "b"), .next(3, "c"), .completed(4)]
        XCTAssertEqual(events.marbleDiagram(), "-a-(bc)|")
    }

    func testRecordedValuesDrawAsTheirKeys() {
        let events: [Recorded<Int>] = [.next(0, 10), .next(2, 20), .error(3, TestError.boom)]
        XCTAssertEqual(events.marbleDiagram(values: ["x": 10, "y": 20]), "x-y#")
    }

    func testNegativeTimesDrawBeforeACaret() {
        let events: [Recorded<String>] = [.next(-2, "a"), .next(0, "b"), .next(2, "c")]
        XCTAssertEqual(events.marbleDiagram(), "a-(^b)-c")
        XCTAssertEqual(([.next(-1, "a"), .completed(1)] as [Recorded<String>]).marbleDiagram(), "a^|")
    }

    func testNoEventsDrawAsAnEmptyDiagram() {
        XCTAssertEqual(([] as [Recorded<String>]).marbleDiagram(), "")
    }

    func testDrawingThenParsingGivesTheSameEvents() throws {
        for diagram in ["-a-(bc)|", "(ab)(cd)#", "--a", "a-(^b)-c|"] {
            let kind: MarbleDiagram<String>.Kind = diagram.contains("^") ? .hot : .cold
            let events = try MarbleDiagram(parsing: diagram, kind: kind).events
            XCTAssertEqual(events.marbleDiagram(), diagram)
        }
    }
}
