import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

final class SampleTests: RACTestCase {
    /// The sampler at 1 finds no value yet; at 3 and 4 it finds "b" (sent again); at 6, "c".
    func testSampleSendsTheLatestValueEachTimeTheSamplerSends() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal([.next(2, "a"), .next(2.5, "b"), .next(5, "c")])
        let sampler = scheduler.createHotSignal([.next(1, ()), .next(3, ()), .next(4, ()), .next(6, ()), .completed(7)])
        let recorder = scheduler.record(source.sample(sampler))
        scheduler.run()
        XCTAssertEqual(recorder.events, [
            .next(3, "b"), .next(4, "b"), .next(6, "c"), .completed(7),
        ])
    }

    func testSampleCompletesWhenTheSourceCompletesAndDisposesTheSampler() {
        let source = HigherProbe<Int>()
        let sampler = HigherProbe<Void>()
        let log = HigherLog(source.signal.sample(sampler.signal))
        source.send(1)
        sampler.send(())
        source.sendCompleted()
        XCTAssertEqual(log.events, ["1", "completed"])
        XCTAssertEqual(sampler.disposals, 1)
    }

    func testSampleCompletesWhenTheSamplerCompletesAndDisposesTheSource() {
        let source = HigherProbe<Int>()
        let sampler = HigherProbe<Void>()
        let log = HigherLog(source.signal.sample(sampler.signal))
        source.send(1)
        sampler.sendCompleted()
        XCTAssertEqual(log.events, ["completed"])
        XCTAssertEqual(source.disposals, 1)
    }

    func testSampleForwardsAnErrorFromEitherSignal() {
        let sample = { (source: Signal<Int>, sampler: Signal<Void>) in source.sample(sampler) }
        assertErrorIsSentAtOnceAndDisposesTheOtherInput(sample, failing: .first, error: "source")
        assertErrorIsSentAtOnceAndDisposesTheOtherInput(sample, failing: .second, error: "sampler")
    }

    func testSampleSeesASynchronousSourceValue() {
        let sampler = Signal<Void>.create { s in s.sendNext(()); s.sendNext(()); s.sendCompleted(); return nil }
        let log = HigherLog(Signal<Int>.return(1).concat(.never).sample(sampler))
        XCTAssertEqual(log.events, ["1", "1", "completed"])
    }

    func testSampleCarriesNilValues() {
        let source = HigherProbe<Int?>()
        let sampler = HigherProbe<Void>()
        let log = HigherLog(source.signal.sample(sampler.signal))
        source.send(nil)
        sampler.send(())
        XCTAssertEqual(log.events, ["nil"])
        log.disposable.dispose()
    }

    /// The latest value, kept in the sink's `Slot` (issue 28f), is sent again for each sampler
    /// value and let go of when the result ends.
    func testTheLatestValueIsReleasedWhenTheResultEnds() {
        final class Box: @unchecked Sendable {
            let released: Fixture.Log<String>
            init(_ released: Fixture.Log<String>) { self.released = released }
            deinit { released.append("released") }
        }
        let released = Fixture.Log<String>()
        let source = RACSwift.Subject<Box>()
        let sampler = RACSwift.Subject<Void>()
        let sent = Fixture.Log<String>()
        let subscription = source.sample(sampler).subscribeNext { _ in sent.append("box") }
        source.sendNext(Box(released))
        sampler.sendNext(())
        sampler.sendNext(())
        XCTAssertEqual(sent.all, ["box", "box"])
        XCTAssertEqual(released.all, [], "kept as the latest value")
        sampler.sendCompleted()
        XCTAssertEqual(released.all, ["released"], "let go of at the result's end")
        XCTAssertTrue(subscription.isDisposed)
    }

    func testDisposingSampleDisposesBothSignals() {
        let source = HigherProbe<Int>()
        let sampler = HigherProbe<Void>()
        let log = HigherLog(source.signal.sample(sampler.signal))
        source.send(1)
        log.disposable.dispose()
        XCTAssertEqual([source.disposals, sampler.disposals], [1, 1])
        sampler.send(())
        XCTAssertEqual(log.events, [])
    }

    func testSampleStartsWithoutAValueOnEachSubscription() {
        let source = HigherProbe<Int>()
        let sampler = HigherProbe<Void>()
        let sampled = source.signal.sample(sampler.signal)
        let first = HigherLog(sampled)
        source.send(1)
        first.disposable.dispose()
        let second = HigherLog(sampled)
        sampler.send(())
        XCTAssertEqual(second.events, [])
        second.disposable.dispose()
    }
}
