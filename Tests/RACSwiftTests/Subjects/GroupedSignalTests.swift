import Foundation
import RACSwift
import XCTest

final class GroupedSignalTests: RACTestCase {
    // RAC's `+signalWithKey:` makes a group by hand: a subject that also carries its key.
    func testAGroupMadeByHandKeepsItsKeyAndBehavesAsASubject() {
        let group = GroupedSignal<String, Int>(key: "odd")
        XCTAssertEqual(group.key, "odd")
        let log = HotEventLog<Int>.subscribed(to: group)
        group.sendNext(1)
        group.sendNext(3)
        group.sendCompleted()
        group.sendNext(5)
        XCTAssertEqual(log.events, [.next(1), .next(3), .completed])
    }

    func testAGroupForwardsASourceItIsSubscribedTo() {
        let group = GroupedSignal<Int, Int>(key: 7)
        let log = HotEventLog<Int>.subscribed(to: group)
        Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(TestError.boom)
            return nil
        }.subscribe(group)
        XCTAssertEqual(log.events, [.next(1), .error(TestError.boom)])
        XCTAssertEqual(group.key, 7)
    }
}
