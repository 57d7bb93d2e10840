import Testing

/// A Swift Testing trait that fails every test it applies to if the test ends with more
/// library subscription objects alive than it began with: the check an XCTest base class runs
/// in `tearDown()` with ``LeakBaseline``, for `@Test` functions and whole `@Suite`s.
///
/// The counter is process-wide, so the tests this trait checks run one at a time, whichever
/// suites and test targets they are in (Swift Testing runs suites in parallel): each waits
/// until no other checked test is running. Apply it to suites that are also `.serialized`, and
/// keep tests that subscribe without it from running beside them:
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
        // A test checked by two of these traits (its suite's and its own) takes the gate once.
        if Self.holdsGate { return try await check(test, function) }
        await LeakCheckGate.shared.enter()
        do {
            try await Self.$holdsGate.withValue(true) { try await check(test, function) }
        } catch {
            await LeakCheckGate.shared.leave()
            throw error
        }
        await LeakCheckGate.shared.leave()
    }

    /// Whether the running task is inside a checked test, holding the gate.
    @TaskLocal private static var holdsGate = false

    private func check(_ test: Test, _ function: @Sendable () async throws -> Void) async throws {
        let baseline = LeakBaseline()
        try await function()
        let live = await waitForLiveSubscriptions(toReach: baseline.count, timeout: timeout)
        if live > baseline.count {
            Issue.record(Comment(rawValue: baselineMessage(live - baseline.count)), sourceLocation: test.sourceLocation)
        }
    }
}

/// Lets one leak-checked test run at a time in the process: another test's subscriptions,
/// made or ended meanwhile, would change the count between a test's baseline and its check.
private actor LeakCheckGate {
    static let shared = LeakCheckGate()

    private var isTaken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        guard isTaken else {
            isTaken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the gate to the next waiting test, if any.
    func leave() {
        if waiting.isEmpty { isTaken = false } else { waiting.removeFirst().resume() }
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
