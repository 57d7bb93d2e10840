import Foundation
@testable import RACSwift
import XCTest

/// How `TargetQueueScheduler` turns seconds into Dispatch intervals. `intMax` stands in for the
/// width of `Int`, so the 32-bit case (watchOS on arm64_32, where nanoseconds overflow past
/// about two seconds) is checked on a 64-bit machine too.
final class DispatchIntervalTests: RACTestCase {
    private let int32Max = Int(Int32.max)

    private func interval(_ seconds: TimeInterval, intMax: Int = .max) -> DispatchTimeInterval {
        TargetQueueScheduler.dispatchInterval(seconds, intMax: intMax)
    }

    func testShortSpansAreExactNanoseconds() {
        XCTAssertEqual(interval(0.25), .nanoseconds(250_000_000))
        XCTAssertEqual(interval(0.5, intMax: int32Max), .nanoseconds(500_000_000))
    }

    func testA32BitIntMovesToCoarserUnitsInsteadOfClampingToAboutOneSecond() {
        // 2^30 ns is about 1.07 s: past it, a 32-bit count of nanoseconds no longer fits.
        XCTAssertEqual(interval(1.5, intMax: int32Max), .microseconds(1_500_000))
        XCTAssertEqual(interval(3, intMax: int32Max), .microseconds(3_000_000))
        XCTAssertEqual(interval(600, intMax: int32Max), .milliseconds(600_000))
        XCTAssertEqual(interval(86_400 * 30, intMax: int32Max), .seconds(2_592_000))
        XCTAssertEqual(interval(3, intMax: .max), .nanoseconds(3_000_000_000))
    }

    func testNegativeAndNaNSpansAreZero() {
        XCTAssertEqual(interval(-5), .nanoseconds(0))
        XCTAssertEqual(interval(.nan), .nanoseconds(0))
        XCTAssertEqual(interval(-.infinity, intMax: int32Max), .nanoseconds(0))
    }

    func testSpansTooLongForAnyUnitAreClampedNotTrapped() {
        XCTAssertEqual(interval(.infinity), .seconds(Int.max / 2))
        XCTAssertEqual(interval(.greatestFiniteMagnitude), .seconds(Int.max / 2))
        XCTAssertEqual(interval(1e12, intMax: int32Max), .seconds(int32Max / 2))
        // Within 64-bit nanoseconds' range, a long span keeps its precision.
        XCTAssertEqual(interval(1e6), .nanoseconds(1_000_000_000_000_000))
    }
}
