import XCTest
import RACSwift

final class SmokeTests: RACTestCase {
    func testCreateMapsThroughBindAndCompletes() {
        var events: [String] = []
        let signal = Signal<Int>.create { s in
            s.sendNext(1); s.sendNext(2); s.sendCompleted()
            return Disposable { events.append("disposed") }
        }
        signal.bind { { v, _ in Signal.return(v * 10) } }.subscribe(
            next: { events.append("next \($0)") }, completed: { events.append("completed") })
        // The block returns its disposable after sending completed, so disposal follows completion (as in RAC).
        XCTAssertEqual(events, ["next 10", "next 20", "completed", "disposed"])
    }

    func testZipWithCompletesPerRAC() {
        var out: [String] = []
        let a = Signal<Int>.create { s in for i in 1...5 { s.sendNext(i) }; s.sendCompleted(); return nil }
        let b = Signal<String>.create { s in for c in ["A", "B", "C", "D"] { s.sendNext(c) }; s.sendCompleted(); return nil }
        a.zip(with: b).subscribe(next: { out.append("\($0.0)\($0.1)") }, completed: { out.append("|") })
        XCTAssertEqual(out, ["1A", "2B", "3C", "4D", "|"])
    }

    func testConcat() {
        var out: [Int] = []
        Signal.return(1).concat(.return(2)).subscribe(next: { out.append($0) }, completed: { out.append(0) })
        XCTAssertEqual(out, [1, 2, 0])
    }

    func testTestSchedulerRecursion() {
        let scheduler = TestScheduler()
        var count = 0
        scheduler.scheduleRecursive { again in count += 1; if count < 100_000 { again() } }
        scheduler.run()
        XCTAssertEqual(count, 100_000)
        var n = 0
        Scheduler.subscription.scheduleRecursive { again in n += 1; if n < 1_000_000 { again() } }
        XCTAssertEqual(n, 1_000_000)
    }
}
