import XCTest
@testable import RACSwift

/// `WindowState` driven as a pure function: windows are plain objects here, told apart by
/// identity as the sink's subjects are. No signals, no threads.
final class WindowStateTests: RACTestCase {
    private final class Window {}

    private func open(_ state: inout WindowState<Window>, file: StaticString = #filePath, line: UInt = #line) -> Window {
        guard case .openWindow = state.openingArrived() else {
            XCTFail("no window opened", file: file, line: line)
            return Window()
        }
        let window = Window()
        state.opened(window)
        guard case .subscribeClosing(let closing) = state.windowSent(window) else {
            XCTFail("the window's closing signal was not subscribed", file: file, line: line)
            return window
        }
        XCTAssertTrue(closing === window, file: file, line: line)
        return window
    }

    func testValuesWithNoWindowOpenAreDropped() {
        var state = WindowState<Window>()
        guard case .none = state.valueArrived() else { return XCTFail("a value went nowhere") }
    }

    func testAnOpeningOpensAWindowThatReceivesTheValues() {
        var state = WindowState<Window>()
        let window = open(&state)
        guard case .forward(let target) = state.valueArrived() else { return XCTFail("value dropped") }
        XCTAssertTrue(target === window)
    }

    func testAnOpeningWhileAWindowIsOpenIsIgnored() {
        var state = WindowState<Window>()
        let window = open(&state)
        guard case .none = state.openingArrived() else { return XCTFail("a second window opened") }
        XCTAssertTrue(state.window === window)
    }

    func testTheClosingSignalCompletesItsWindowOnce() {
        var state = WindowState<Window>()
        let window = open(&state)
        guard case .completeWindow(let closed) = state.closingFired(for: window) else {
            return XCTFail("the window was not completed")
        }
        XCTAssertTrue(closed === window)
        XCTAssertNil(state.window)
        guard case .none = state.closingFired(for: window) else { return XCTFail("completed twice") }
        guard case .none = state.valueArrived() else { return XCTFail("a value reached a closed window") }
        // The next opening opens a new window.
        let next = open(&state)
        XCTAssertFalse(next === window)
    }

    func testALateClosingOfAnEarlierWindowLeavesTheOpenOneAlone() {
        var state = WindowState<Window>()
        let first = open(&state)
        _ = state.closingFired(for: first)
        let second = open(&state)
        guard case .none = state.closingFired(for: first) else { return XCTFail("the wrong window closed") }
        XCTAssertTrue(state.window === second)
    }

    func testAWindowEndedWhileBeingSentSubscribesNoClosingSignal() {
        // The subscriber ended the result (or closed the window) while receiving it.
        var state = WindowState<Window>()
        guard case .openWindow = state.openingArrived() else { return XCTFail("no window opened") }
        let window = Window()
        state.opened(window)
        guard case .finish(let open) = state.sourceEnded() else { return XCTFail("did not finish") }
        XCTAssertTrue(open === window)
        guard case .none = state.windowSent(window) else { return XCTFail("closing subscribed after the end") }
    }

    func testTheSourcesEndFinishesTheResultThenTheOpenWindow() {
        var state = WindowState<Window>()
        let window = open(&state)
        guard case .finish(let open) = state.sourceEnded() else { return XCTFail("did not finish") }
        XCTAssertTrue(open === window)
        XCTAssertTrue(state.isFinished)
        XCTAssertNil(state.window)
    }

    func testTheSourcesEndWithNoWindowOpenFinishesOnlyTheResult() {
        var state = WindowState<Window>()
        guard case .finish(let open) = state.sourceEnded() else { return XCTFail("did not finish") }
        XCTAssertNil(open)
    }

    func testNothingHappensAfterTheSourcesEnd() {
        var state = WindowState<Window>()
        let window = open(&state)
        _ = state.sourceEnded()
        guard case .none = state.sourceEnded() else { return XCTFail("finished twice") }
        guard case .none = state.openingArrived() else { return XCTFail("opened after the end") }
        guard case .none = state.valueArrived() else { return XCTFail("forwarded after the end") }
        guard case .none = state.closingFired(for: window) else { return XCTFail("completed the window twice") }
    }
}
