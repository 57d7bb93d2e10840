import Foundation
import XCTest
import RACSwift

/// The app layer's RAC names are the RACSwift types themselves, and work as RAC code spells them.
final class RACNamesTests: RACTestCase {
    func testRACChannelAndRACChannelTerminalAreChannelAndChannelTerminal() {
        XCTAssertTrue(RACChannel<Int>.self == Channel<Int>.self)
        XCTAssertTrue(RACChannelTerminal<Int>.self == ChannelTerminal<Int>.self)

        let channel = RACChannel<Int>()
        let following: RACChannelTerminal<Int> = channel.followingTerminal
        nonisolated(unsafe) var received: [Int] = []
        let subscription = following.subscribeNext { received.append($0) }
        channel.leadingTerminal.sendNext(1)
        channel.leadingTerminal.sendCompleted()
        XCTAssertEqual(received, [1])
        subscription.dispose()
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    func testRACCommandIsCommand() throws {
        XCTAssertTrue(RACCommand<String, Int>.self == Command<String, Int>.self)

        let command = RACCommand<String, Int> { RACSignal.return($0.count) }
        XCTAssertEqual(try command.enabled.first(), true)
        XCTAssertEqual(try command.execute("four").asynchronousFirst(), 4)
    }
}
