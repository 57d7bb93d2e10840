#if !canImport(Darwin) && !RACSWIFT_TSAN
import Foundation
@testable import RACSwift
import XCTest

/// `ParkingLot`, where contended `BargingLock`s' waiters sleep: every thread maps to a bucket
/// in range, and a bucket's `wakeAll` wakes a thread waiting in it.
final class ParkingLotTests: RACTestCase {
    func testEveryThreadIdMapsToABucketInRange() {
        let lot = ParkingLot.shared
        XCTAssertEqual(lot.buckets.count, ParkingLot.bucketCount)
        for shift in 0..<64 {
            for low in [0, 1, 0xFFF, 0x1234_5678] as [UInt] {
                let index = ParkingLot.bucketIndex(forThread: (UInt(1) << UInt(shift)) | low)
                XCTAssertTrue((0..<ParkingLot.bucketCount).contains(index))
            }
        }
        XCTAssertTrue((0..<ParkingLot.bucketCount).contains(ParkingLot.bucketIndex(forThread: currentThreadID())))
    }

    func testWakeAllWakesAThreadWaitingInTheBucket() {
        let bucket = ParkingLot.shared.buckets[0]
        final class Flag: @unchecked Sendable { var isSet = false }
        let flag = Flag()
        let woke = DispatchSemaphore(value: 0)
        Thread {
            bucket.lock()
            // Spurious wake-ups return early: wait until the flag is really set.
            while !flag.isSet { bucket.wait() }
            bucket.unlock()
            woke.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.02)
        bucket.lock()
        flag.isSet = true
        bucket.wakeAll()
        bucket.unlock()
        XCTAssertEqual(woke.wait(timeout: .now() + 60), .success, "the waiting thread was not woken")
    }
}
#endif
