import Testing
import RACSwift
import RACSwiftTesting

/// The same assertions under Swift Testing, which runs tests off the main thread: marble runs
/// subscribe with the TestScheduler current, so they stay synchronous. Every test ends with no
/// live subscription (`.checksLeaks`); serialized because the leak counter is process-wide.
@Suite(.serialized, .checksLeaks)
struct SwiftTestingReportingTests {
    @Test func expectMarblesPassesOffTheMainThread() {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-a-^-b-c|")
        scheduler.expectMarbles(input.map { $0.uppercased() }, "   --B-C|")
        scheduler.expectMarbles(scheduler.cold("-1-2|", values: ["1": 1, "2": 2]).map { $0 * 2 }, "-2-4|", values: ["2": 2, "4": 4])
    }

    @Test func recordIsSynchronousOffTheMainThread() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.cold("-a|").map { $0 + "!" })
        scheduler.run()
        #expect(recorder.events == [.next(1, "a!"), .completed(2)])
    }

    @Test func recordTestFailureIsAnIssue() {
        let line = #line + 2
        withKnownIssue {
            recordTestFailure("custom helper failed")
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.map(\.rawValue) == ["custom helper failed"]
        }
    }

    @Test func expectMarblesFailureIsAnIssueAtTheCallersLine() {
        let scheduler = TestScheduler()
        let line = #line + 2
        withKnownIssue {
            scheduler.expectMarbles(scheduler.cold("-a|"), "-b|")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == #fileID
                && issue.comments.contains { $0.rawValue.contains("expected: -b|\n  actual: -a|") }
        }
    }

    @Test func leakIsAnIssue() {
        let leak = DeliberateLeak()
        withKnownIssue {
            assertNoLeaks(timeout: 0.01) { leak.start() }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("subscription objects still alive after the block") }
        }
        leak.release()
    }

    @Test func asyncLeakCheckIsCleanForAFinishedSubscription() async {
        let scheduler = TestScheduler()
        await assertNoLeaks {
            await Task.yield()
            scheduler.expectMarbles(scheduler.cold("-a|"), "-a|")
        }
    }

    @Test func asyncLeakIsAnIssue() async {
        let leak = DeliberateLeak()
        await withKnownIssue {
            await assertNoLeaks(timeout: 0.01) {
                await Task.yield()
                leak.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("still alive after the block") }
        }
        leak.release()
    }

    @Test func checksLeaksTraitReportsWhatATestLeftAlive() async throws {
        let leak = DeliberateLeak()
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await LeakCheckTrait.checksLeaks(timeout: 0.01).provideScope(for: test, testCase: Test.Case.current) { leak.start() }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("leaked by this test") }
        }
        leak.release()
    }
}
