import Testing

/// A Swift Testing trait that fails every test it applies to if the test ends with more
/// library subscription objects alive than it began with: the check an XCTest base class runs
/// in `tearDown()` with ``LeakBaseline``, for `@Test` functions and whole `@Suite`s.
///
/// The counter is process-wide, so apply it to suites that are also `.serialized` and that no
/// other test runs beside:
///
/// ```swift
/// @Suite(.serialized, .checksLeaks)
/// struct SearchTests { ... }
/// ```
///
/// Applied to a suite, it checks each test of the suite (and of its nested suites) on its own.
public struct LeakCheckTrait: TestTrait, SuiteTrait, TestScoping {
    /// Seconds a test's subscriptions that end on other threads get to wind down.
    public var timeout: Double

    /// A suite's trait applies to each of its tests.
    public var isRecursive: Bool { true }

    /// Runs `function` (one test, or one case of a parameterized test) between a
    /// ``LeakBaseline`` and its check; a suite's own scope runs unchecked.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        let baseline = LeakBaseline()
        try await function()
        let live = await waitForLiveSubscriptions(toReach: baseline.count, timeout: timeout)
        if live > baseline.count {
            Issue.record(Comment(rawValue: baselineMessage(live - baseline.count)), sourceLocation: test.sourceLocation)
        }
    }
}

extension Trait where Self == LeakCheckTrait {
    /// Fails each test that ends with more library subscription objects alive than it began
    /// with, after up to `timeout` seconds of winding down (``LeakCheckTrait``).
    public static func checksLeaks(timeout: Double = 2) -> Self { LeakCheckTrait(timeout: timeout) }

    /// Fails each test that ends with more library subscription objects alive than it began
    /// with (``LeakCheckTrait``, two seconds of winding down).
    public static var checksLeaks: Self { LeakCheckTrait(timeout: 2) }
}
