import XCTest
@testable import RACSwift

/// RACChannelSpec and the RACChannelExamples shared examples, for `Channel`.
final class ChannelTests: RACTestCase {
    // Each test makes its own channel: XCTest keeps test case instances alive to the end of
    // the run, so a channel stored in one would outlive its test.

    func testLeadingTerminalSendsNoValueOnSubscription() {
        let channel = Channel<String>()
        nonisolated(unsafe) var received: [String] = []
        channel.followingTerminal.sendNext("v1")
        let subscription = channel.leadingTerminal.subscribeNext { received.append($0) }
        XCTAssertEqual(received, [])
        channel.followingTerminal.sendNext("v2")
        XCTAssertEqual(received, ["v2"])
        subscription.dispose()
    }

    func testFollowingTerminalSendsTheLatestLeadingValueOnSubscription() {
        let channel = Channel<String>()
        nonisolated(unsafe) var received: [String] = []
        channel.leadingTerminal.sendNext("v1")
        channel.followingTerminal.take(1).subscribeNext { received.append($0) }
        XCTAssertEqual(received, ["v1"])
        channel.leadingTerminal.sendNext("v2")
        channel.followingTerminal.take(1).subscribeNext { received.append($0) }
        XCTAssertEqual(received, ["v1", "v2"])
    }

    func testLeadingTerminalSendsFollowingValuesAsTheyChange() {
        let channel = Channel<String>()
        nonisolated(unsafe) var received: [String] = []
        let subscription = channel.leadingTerminal.subscribeNext { received.append($0) }
        channel.followingTerminal.sendNext("v1")
        channel.followingTerminal.sendNext("v2")
        channel.followingTerminal.sendNext("v3")
        XCTAssertEqual(received, ["v1", "v2", "v3"])
        subscription.dispose()
    }

    func testFollowingTerminalSendsLeadingValuesAsTheyChange() {
        let channel = Channel<String>()
        nonisolated(unsafe) var received: [String] = []
        channel.leadingTerminal.sendNext("v1")
        let subscription = channel.followingTerminal.subscribeNext { received.append($0) }
        channel.leadingTerminal.sendNext("v2")
        channel.leadingTerminal.sendNext("v3")
        XCTAssertEqual(received, ["v1", "v2", "v3"])
        subscription.dispose()
    }

    func testCompletingTheLeadingTerminalCompletesBothSides() {
        assertCompletingCompletesBothSides { $0.leadingTerminal }
    }

    func testCompletingTheFollowingTerminalCompletesBothSides() {
        assertCompletingCompletesBothSides { $0.followingTerminal }
    }

    /// Completes the terminal `pick` chooses; both terminals' subscribers must complete.
    private func assertCompletingCompletesBothSides(
        _ pick: (Channel<String>) -> ChannelTerminal<String>, line: UInt = #line
    ) {
        let channel = Channel<String>()
        nonisolated(unsafe) var completed: [String] = []
        channel.leadingTerminal.subscribeCompleted { completed.append("leading") }
        channel.followingTerminal.subscribeCompleted { completed.append("following") }
        pick(channel).sendCompleted()
        XCTAssertEqual(Set(completed), ["leading", "following"], line: line)
    }

    func testAnErrorReachesBothSides() {
        let channel = Channel<String>()
        nonisolated(unsafe) var errors: [String] = []
        channel.leadingTerminal.subscribeError { _ in errors.append("leading") }
        channel.followingTerminal.subscribeError { _ in errors.append("following") }
        channel.followingTerminal.sendError(TestError.boom)
        XCTAssertEqual(Set(errors), ["leading", "following"])
        // Replayed to a later subscriber too.
        nonisolated(unsafe) var late: (any Error)?
        channel.leadingTerminal.subscribeError { late = $0 }
        XCTAssertNotNil(late)
    }

    func testCompletionIsReplayedToNewSubscribers() {
        let channel = Channel<String>()
        channel.leadingTerminal.sendCompleted()
        nonisolated(unsafe) var completed: [String] = []
        channel.leadingTerminal.subscribeCompleted { completed.append("leading") }
        channel.followingTerminal.subscribeCompleted { completed.append("following") }
        XCTAssertEqual(completed, ["leading", "following"])
    }

    func testASignalSubscribedToATerminalFeedsTheOtherSide() {
        let channel = Channel<String>()
        nonisolated(unsafe) var received: [String] = []
        let subscription = channel.followingTerminal.subscribeNext { received.append($0) }
        Signal.from(["a", "b"]).concat(.never).subscribe(channel.leadingTerminal)
        XCTAssertEqual(received, ["a", "b"])
        // The channel's end disposes the subscription it kept.
        channel.followingTerminal.sendCompleted()
        subscription.dispose()
    }

    func testChannelIsReleasedWhenItsSubscribersAreDisposed() {
        assertChannelIsReleased(keeping: \.followingTerminal) { channel in
            [channel.leadingTerminal.subscribeCompleted {}, channel.followingTerminal.subscribeCompleted {}]
        }
    }

    func testChannelIsReleasedWhenItsSubscriptionsAreDisposed() {
        assertChannelIsReleased(keeping: \.leadingTerminal) { channel in
            [Signal<String>.never.subscribe(channel.leadingTerminal), Signal<String>.never.subscribe(channel.followingTerminal)]
        }
    }

    /// `connect` subscribes to or through a fresh channel's terminals and returns the
    /// subscriptions: the channel must be released once nothing but those subscriptions
    /// refers to it, and the terminal at `terminal` once they are disposed.
    private func assertChannelIsReleased(
        keeping terminal: KeyPath<Channel<String>, ChannelTerminal<String>>,
        _ connect: (Channel<String>) -> [Disposable], file: StaticString = #filePath, line: UInt = #line
    ) {
        weak var weakChannel: Channel<String>?
        weak var weakTerminal: ChannelTerminal<String>?
        var subscriptions: [Disposable] = []
        do {
            let channel = Channel<String>()
            weakChannel = channel
            weakTerminal = channel[keyPath: terminal]
            subscriptions = connect(channel)
        }
        XCTAssertNil(weakChannel, "channel", file: file, line: line)
        subscriptions.forEach { $0.dispose() }
        XCTAssertNil(weakTerminal, "terminal", file: file, line: line)
    }
}
