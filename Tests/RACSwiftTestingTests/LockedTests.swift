import Dispatch
import RACSwift
import RACSwiftTesting
import XCTest

final class LockedTests: XCTestCase {
    func testCounterUpdatedFromSubscriptionClosures() {
        // RAC: __block NSUInteger count = 0; [signal subscribeNext:^(id x) { count++; }];
        let count = Locked(0)
        let received = Locked<[Int]>([])
        let values = Subject<Int>()
        let subscription = values.subscribeNext { value in
            count += 1
            received.append(value)
        }
        values.sendNext(4)
        values.sendNext(5)
        XCTAssertEqual(count.value, 2)
        XCTAssertEqual(received.value, [4, 5])
        count -= 2
        XCTAssertEqual(count.value, 0)
        subscription.dispose()
    }

    func testWithValueIsOneLockedStep() {
        let total = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1_000 { total.withValue { $0 += 1 } }
        }
        XCTAssertEqual(total.value, 8_000)
        let previous = total.withValue { value -> Int in
            defer { value = -1 }
            return value
        }
        XCTAssertEqual(previous, 8_000)
        XCTAssertEqual(total.value, -1)
    }

    func testValueCanBeReplacedAndDescribed() {
        let flag = Locked(false)
        flag.value = true
        XCTAssertTrue(flag.value)
        XCTAssertEqual(flag.description, "true")
    }
}
