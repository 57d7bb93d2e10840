import Foundation
import XCTest

/// ReactiveCocoa code ported word for word reaches the Swift name through the compiler: each
/// call below, written with RAC's selector, is type-checked against the built RACSwift module
/// by `swiftc -typecheck` in a child process, and must fail with exactly "'<RAC name>' has
/// been renamed to '<Swift name>'" (or "replaced by", for initializers) on its own line (the fix-it that rewrites it comes with
/// that diagnostic) — and with no other error. RAC's helpers with out-parameters add a message
/// naming the throwing form.
final class RenamedSelectorsTests: RACTestCase {
    /// One line each: the call as a porter writes it, and the Swift name the compiler must
    /// name. `s` is a `Signal<Int>`, `o` a `Signal<Int?>`, `ss` a `Signal<Signal<Int>>`.
    private let calls: [(call: String, renamed: String)] = [
        ("_ = Signal<Int>.createSignal { _ in nil }", "create(_:)"),
        ("s.subscribeNext({ _ in }, error: { _ in }, completed: {})", "subscribe(next:error:completed:)"),
        ("s.subscribeNext({ _ in }, completed: {})", "subscribe(next:completed:)"),
        ("s.subscribeNext({ _ in }, error: { _ in })", "subscribe(next:error:)"),
        ("s.subscribeError { _ in } completed: {}", "subscribe(error:completed:)"),
        ("s.setNameWithFormat(\"name\")", "setName(_:)"),
        ("_ = s.zipWith(s)", "zip(with:)"),
        ("subject.didSubscribeWithDisposable(CompoundDisposable())", "didSubscribe(with:)"),
        ("_ = Event<Int>.eventWithValue(1)", "next(_:)"),
        ("_ = Event<Int>.eventWithError(SignalError.timedOut)", "error(_:)"),
        ("_ = Event<Int>.completedEvent", "completed"),
        ("_ = Event<Int>.completed.finished", "isFinished"),
        ("_ = Disposable.disposableWithBlock {}", "init(_:)"),
        ("_ = Disposable.scopedDisposableWithDisposable(Disposable())", "ScopedDisposable.init(_:)"),
        ("_ = CompoundDisposable.compoundDisposableWithDisposables([])", "init(_:)"),
        ("CompoundDisposable().addDisposable(Disposable())", "add(_:)"),
        ("CompoundDisposable().removeDisposable(Disposable())", "remove(_:)"),
        ("_ = SerialDisposable.serialDisposableWithDisposable(nil)", "init(_:)"),
        ("SerialDisposable().swapInDisposable(nil)", "swap(with:)"),
        ("_ = Scheduler.immediateScheduler", "immediate"),
        ("_ = Scheduler.mainThreadScheduler", "main"),
        ("_ = Scheduler.scheduler()", "background()"),
        ("_ = Scheduler.schedulerWithPriority(.high)", "background(priority:)"),
        ("_ = Scheduler.schedulerWithPriority(.high, name: \"work\")", "background(priority:name:)"),
        ("_ = Scheduler.currentScheduler", "current"),
        ("_ = Scheduler.subscriptionScheduler", "subscription"),
        ("scheduler.scheduleRecursiveBlock { _ in }", "scheduleRecursive(_:)"),
        ("_ = s.scanWithStart(0, reduce: { $0 + $1 })", "scan(withStart:reduce:)"),
        ("_ = s.scanWithStart(0, reduceWithIndex: { a, b, _ in a + b })", "scan(withStart:reduceWithIndex:)"),
        ("_ = s.combinePreviousWithStart(0, reduce: { $0 + $1 })", "combinePrevious(withStart:reduce:)"),
        ("_ = s.takeWhileBlock { $0 < 3 }", "take(while:)"),
        ("_ = s.takeUntilBlock { $0 > 3 }", "take(until:)"),
        ("_ = s.skipWhileBlock { $0 < 3 }", "skip(while:)"),
        ("_ = s.skipUntilBlock { $0 > 3 }", "skip(until:)"),
        ("_ = ss.flatten(2)", "flatten(maxConcurrent:)"),
        ("_ = s.combineLatestWith(s)", "combineLatest(with:)"),
        ("_ = s.takeUntil(s)", "take(until:)"),
        ("_ = s.takeUntilReplacement(s)", "take(untilReplacement:)"),
        ("_ = s.windowWithStart(s, close: { _ in s })", "window(withStart:close:)"),
        ("_ = s.catchTo(s)", "catch(to:)"),
        ("_ = s.aggregateWithStart(0, reduce: { $0 + $1 })", "aggregate(withStart:reduce:)"),
        ("_ = s.aggregateWithStart(0, reduceWithIndex: { a, b, _ in a + b })", "aggregate(withStart:reduceWithIndex:)"),
        ("_ = s.aggregateWithStartFactory({ 0 }, reduce: { $0 + $1 })", "aggregate(withStartFactory:reduce:)"),
        ("s.setKeyPath(\\Box.count, onObject: box)", "setKeyPath(_:on:)"),
        ("o.setKeyPath(\\Box.count, onObject: box, nilValue: 0)", "setKeyPath(_:on:nilValue:)"),
        ("_ = s.bufferWithTime(1, onScheduler: scheduler)", "buffer(withTime:on:)"),
        ("_ = Signal<Date>.interval(1, onScheduler: scheduler)", "interval(_:on:)"),
        ("_ = Signal<Date>.interval(1, onScheduler: scheduler, withLeeway: 0.1)", "interval(_:on:leeway:)"),
        ("_ = s.timeout(1, onScheduler: scheduler)", "timeout(_:on:)"),
        ("_ = s.deliverOn(scheduler)", "deliver(on:)"),
        ("_ = s.subscribeOn(scheduler)", "subscribe(on:)"),
        ("Signal<Int>.startEagerlyWithScheduler(scheduler) { _ in }", "startEagerly(on:_:)"),
        ("_ = Signal<Int>.startLazilyWithScheduler(scheduler) { _ in }", "startLazily(on:_:)"),
        ("_ = try? s.firstOrDefault(0)", "first(orDefault:)"),
        ("_ = ReplaySubject<Int>.replaySubjectWithCapacity(1)", "init(capacity:)"),
        ("_ = BehaviorSubject<Int>.behaviorSubjectWithDefaultValue(0)", "init(defaultValue:)"),
        ("_ = GroupedSignal<String, Int>.signalWithKey(\"k\")", "init(key:)"),
        ("_ = Subject<Int>.subject()", "init()"),
        ("_ = ReplaySubject<Int>.subject()", "init()"),
        ("_ = RACSubject<Int>.subject()", "init()"),
        ("_ = CompoundDisposable.compoundDisposable()", "init()"),
    ]

    /// RAC factory methods that have no method to be renamed to (they are properties here):
    /// the call fails saying the property is not a function. (An unavailable `callAsFunction`
    /// on `Signal` gave a friendlier message, but made every `combineLatest(a, b, c, reduce:)`
    /// in user code take seconds to type-check: Benchmarks/typecheck.)
    private let explained: [(call: String, message: String)] = [
        ("_ = Signal<Int>.empty()", "cannot call value of non-function type 'Signal<Int>'"),
        ("_ = RACSignal<Int>.never()", "cannot call value of non-function type 'Signal<Int>'"),
        // RAC's helpers with `BOOL *success` and `NSError **error`, as a ported spec calls them
        // (`&error` of any type, or nil): renamed, with a message naming the throwing form.
        ("_ = s.firstOrDefault(0, success: &success, error: &error)",
         "'firstOrDefault(_:success:error:)' has been renamed to 'first(orDefault:)': use 'try first(orDefault:)'"),
        ("_ = o.firstOrDefault(nil, success: nil, error: &nsError)",
         "'firstOrDefault(_:success:error:)' has been renamed to 'first(orDefault:)': use 'try first(orDefault:)'"),
        ("_ = s.waitUntilCompleted(&error)",
         "'waitUntilCompleted' has been renamed to 'waitUntilCompleted()': use 'try waitUntilCompleted()'"),
        ("_ = s.asynchronousFirstOrDefault(nil, success: &success, error: &error)",
         "'asynchronousFirstOrDefault(_:success:error:)' has been renamed to 'asynchronousFirst(orDefault:timeout:)': use 'try asynchronousFirst(orDefault:timeout:)'"),
        ("_ = s.asynchronouslyWaitUntilCompleted(&nsError)",
         "'asynchronouslyWaitUntilCompleted' has been renamed to 'asynchronouslyWaitUntilCompleted(timeout:)': use 'try asynchronouslyWaitUntilCompleted(timeout:)'"),
    ]

    func testEveryRACSelectorCallNamesItsSwiftReplacement() throws {
        let header = """
            import Foundation
            import RACSwift

            final class Box { var count = 0 }

            func ported(
                s: Signal<Int>, o: Signal<Int?>, ss: Signal<Signal<Int>>, subject: Subject<Int>,
                scheduler: Scheduler, box: Box
            ) {
                var success = false
                var error: (any Error)?
                var nsError: NSError?
            """
        let body = (calls.map(\.call) + explained.map(\.call)).map { "    " + $0 }.joined(separator: "\n")
        let source = header + "\n" + body + "\n}\n"
        let firstCallLine = header.split(separator: "\n", omittingEmptySubsequences: false).count + 1

        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("racswift-renamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Ported.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let output = try typecheck(file)
        var errorsByLine: [Int: [String]] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix(file.path + ":") {
            let parts = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 3)
            guard parts.count == 4, let number = Int(parts[0]), parts[2] == " error" else { continue }
            errorsByLine[number, default: []].append(parts[3].trimmingCharacters(in: .whitespaces))
        }
        XCTAssertFalse(errorsByLine.isEmpty, "swiftc printed no diagnostics:\n\(output)")
        for (index, call) in calls.enumerated() {
            let line = firstCallLine + index
            let errors = errorsByLine.removeValue(forKey: line) ?? []
            XCTAssertEqual(errors.count, 1, "`\(call.call)`: \(errors)")
            // "replaced by" is the wording for a static method renamed to an initializer.
            let message = errors.first ?? ""
            XCTAssertTrue(message.hasSuffix("has been renamed to '\(call.renamed)'")
                          || message.hasSuffix("has been replaced by '\(call.renamed)'"),
                          "`\(call.call)` should be renamed to \(call.renamed): \(errors)")
        }
        for (index, call) in explained.enumerated() {
            let errors = errorsByLine.removeValue(forKey: firstCallLine + calls.count + index) ?? []
            XCTAssertEqual(errors.count, 1, "`\(call.call)`: \(errors)")
            XCTAssertTrue((errors.first ?? "").contains(call.message), "`\(call.call)` should say \(call.message): \(errors)")
        }
        XCTAssertEqual(errorsByLine, [:], "errors outside the ported calls:\n\(output)")
    }

    private let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `swiftc -typecheck` against the modules of the build this test runs from.
    private func typecheck(_ file: URL) throws -> String {
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var buildDirectory = testBundle.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: buildDirectory.appendingPathComponent("Modules/RACSwift.swiftmodule").path) {
            let parent = buildDirectory.deletingLastPathComponent()
            guard parent.path != buildDirectory.path else {
                throw TypecheckError(message: "no RACSwift.swiftmodule beside \(testBundle.path)")
            }
            buildDirectory = parent
        }
        // posix_spawnp and waitpid rather than Foundation's Process, which leaks under
        // LeakSanitizer and can miss a child's exit under the sanitizers (as in
        // MainThreadMisuseTests).
        let outputPath = file.deletingLastPathComponent().appendingPathComponent("swiftc-output.txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let arguments = [
            "swiftc", "-typecheck", "-swift-version", "6",
            "-I", buildDirectory.appendingPathComponent("Modules").path,
            // The library's C shim module (RACSwiftRuntimeShims), which its module imports.
            "-I", packageRoot.appendingPathComponent("Sources/RACSwiftRuntimeShims/include").path, file.path,
        ]
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "swiftc", &actions, nil, &argv, &envp)
        guard spawned == 0 else { throw TypecheckError(message: "swiftc could not be started (posix_spawnp: \(spawned))") }
        // Bounded wait: a type-check that takes over 120 s is killed and the test fails.
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(120)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("swiftc -typecheck did not finish within 120 s")
                break
            }
            usleep(10_000)
        }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

/// Why the type-check could not run: the test fails with it.
private struct TypecheckError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
