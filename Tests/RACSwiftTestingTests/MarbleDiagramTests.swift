import XCTest
import RACSwift
import RACSwiftTesting

final class MarbleDiagramTests: XCTestCase {
    private func events(_ diagram: String, kind: MarbleDiagram<String>.Kind = .cold) throws -> [Recorded<String>] {
        try MarbleDiagram(parsing: diagram, kind: kind).events
    }

    private func parseError(_ diagram: String, kind: MarbleDiagram<String>.Kind = .cold) -> MarbleParseError? {
        do {
            _ = try MarbleDiagram(parsing: diagram, kind: kind)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Symbols

    func testDashIsOneFrameOfOneVirtualSecond() throws {
        XCTAssertEqual(try events("---a"), [.next(3, "a")])
    }

    func testValueTakesAFrameOfItsOwn() throws {
        XCTAssertEqual(try events("ab-c"), [.next(0, "a"), .next(1, "b"), .next(3, "c")])
    }

    func testLettersAndDigitsStandForThemselvesInTheStringForm() throws {
        XCTAssertEqual(try events("xZ7"), [.next(0, "x"), .next(1, "Z"), .next(2, "7")])
    }

    func testBarIsCompletion() throws {
        XCTAssertEqual(try events("-a-|"), [.next(1, "a"), .completed(3)])
    }

    func testHashIsTheGivenError() throws {
        let parsed = try MarbleDiagram(parsing: "-a#", error: TestError.boom)
        XCTAssertEqual(parsed.events, [.next(1, "a"), .error(2, TestError.boom)])
    }

    func testHashDefaultsToMarbleError() throws {
        XCTAssertEqual(try events("--#"), [.error(2, MarbleError())])
    }

    func testValuesAreLookedUpInTheValuesDictionary() throws {
        let parsed = try MarbleDiagram(parsing: "-a-b|", values: ["a": 1, "b": 2])
        XCTAssertEqual(parsed.events, [.next(1, 1), .next(3, 2), .completed(4)])
    }

    func testAnyCharacterKeyIsAValueInTheDictionaryForm() throws {
        let parsed = try MarbleDiagram(parsing: "*-+", values: ["*": true, "+": false])
        XCTAssertEqual(parsed.events, [.next(0, true), .next(2, false)])
    }

    func testSpacesAreIgnoredAndTakeNoTime() throws {
        XCTAssertEqual(try events("  - a -  b |"), [.next(1, "a"), .next(3, "b"), .completed(4)])
        XCTAssertEqual(try events("-( a b )"), [.next(1, "a"), .next(1, "b")])
    }

    func testEmptyDiagramHasNoEvents() throws {
        XCTAssertEqual(try events(""), [])
        XCTAssertEqual(try MarbleDiagram<String>(parsing: "").frameCount, 0)
    }

    func testFrameCountIncludesTrailingDashes() throws {
        XCTAssertEqual(try MarbleDiagram<String>(parsing: "-a-(bc)|--").frameCount, 7)
    }

    // MARK: Groups

    func testGroupPutsEveryEventInOneFrame() throws {
        XCTAssertEqual(try events("(abc)"), [.next(0, "a"), .next(0, "b"), .next(0, "c")])
    }

    func testWholeGroupTakesOneFrameWhateverItsWidth() throws {
        XCTAssertEqual(
            try events("-a-(bc)-|"),
            [.next(1, "a"), .next(3, "b"), .next(3, "c"), .completed(5)])
    }

    func testGroupCanEndWithATerminalEvent() throws {
        XCTAssertEqual(try events("-(a|)"), [.next(1, "a"), .completed(1)])
        XCTAssertEqual(try events("(ab#)"), [.next(0, "a"), .next(0, "b"), .error(0, MarbleError())])
    }

    func testAdjacentGroupsAreConsecutiveFrames() throws {
        XCTAssertEqual(try events("(ab)(cd)"), [.next(0, "a"), .next(0, "b"), .next(1, "c"), .next(1, "d")])
    }

    // MARK: Hot diagrams

    func testCaretIsFrameZeroOfAHotDiagram() throws {
        XCTAssertEqual(
            try events("-a-^-b|", kind: .hot),
            [.next(-2, "a"), .next(2, "b"), .completed(3)])
    }

    func testHotDiagramWithoutCaretStartsAtItsFirstFrame() throws {
        XCTAssertEqual(try events("-a|", kind: .hot), [.next(1, "a"), .completed(2)])
    }

    func testCaretInAGroupPutsTheGroupAtTheSubscriptionInstant() throws {
        XCTAssertEqual(try events("a-(^b)-c", kind: .hot), [.next(-2, "a"), .next(0, "b"), .next(2, "c")])
    }

    // MARK: Bad diagrams

    func testUnclosedGroupPointsAtItsParenthesis() {
        XCTAssertEqual(parseError("-a-(bc")?.description, """
            bad marble diagram: unbalanced parentheses: '(' is never closed (column 4)
                -a-(bc
                   ^
            """)
    }

    func testClosingParenthesisWithoutGroup() {
        XCTAssertEqual(parseError("-a)")?.description, """
            bad marble diagram: unbalanced parentheses: ')' closes no group (column 3)
                -a)
                  ^
            """)
    }

    func testNestedGroup() {
        XCTAssertEqual(parseError("(a(b))")?.description, """
            bad marble diagram: nested group: the group opened at column 1 is still open (column 3)
                (a(b))
                  ^
            """)
    }

    func testEmptyGroup() {
        XCTAssertEqual(parseError("-()")?.description, """
            bad marble diagram: empty group: '()' holds no event (column 3)
                -()
                  ^
            """)
    }

    func testDashInsideAGroup() {
        XCTAssertEqual(parseError("(a-b)")?.description, """
            bad marble diagram: '-' inside a group: a group is a single frame (column 3)
                (a-b)
                  ^
            """)
    }

    func testTwoTerminalEvents() {
        XCTAssertEqual(parseError("-a|-#")?.description, """
            bad marble diagram: two terminal events: the diagram already ended at column 3 (column 5)
                -a|-#
                    ^
            """)
        XCTAssertEqual(parseError("(|#)")?.reason, "two terminal events: the diagram already ended at column 2")
    }

    func testValueAfterTerminalEvent() {
        XCTAssertEqual(parseError("-a#b")?.description, """
            bad marble diagram: value 'b' after the terminal event at column 3 (column 4)
                -a#b
                   ^
            """)
        XCTAssertEqual(parseError("(|a)")?.reason, "value 'a' after the terminal event at column 2")
    }

    func testCaretInAColdDiagram() {
        XCTAssertEqual(parseError("-a^b")?.description, """
            bad marble diagram: '^' in a cold diagram: only a hot signal has a subscription point (column 3)
                -a^b
                  ^
            """)
    }

    func testTwoSubscriptionPoints() {
        XCTAssertEqual(parseError("^-a^", kind: .hot)?.description, """
            bad marble diagram: two subscription points: '^' already at column 1 (column 4)
                ^-a^
                   ^
            """)
    }

    func testUnknownValueKey() {
        do {
            _ = try MarbleDiagram(parsing: "-a-b", values: ["a": 1])
            XCTFail("parsed a diagram with an unknown value")
        } catch {
            XCTAssertEqual(error.description, """
                bad marble diagram: unknown value 'b': not a key of values: (column 4)
                    -a-b
                       ^
                """)
        }
    }

    func testUnexpectedCharacterInTheStringForm() {
        XCTAssertEqual(parseError("-a=b")?.description, """
            bad marble diagram: unexpected character '=': values are letters or digits (column 3)
                -a=b
                  ^
            """)
    }

    func testErrorColumnCountsSpaces() {
        let error = parseError("- a | b")
        XCTAssertEqual(error?.column, 6)
        XCTAssertEqual(error?.diagram, "- a | b")
    }
}
