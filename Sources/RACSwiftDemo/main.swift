import Foundation
import RACSwift

// RAC's classic search-as-you-type pipeline, in real time:
//
//   keystrokes ─▶ throttle ─▶ distinctUntilChanged ─▶ map(search) ─▶ switchToLatest ─▶ results
//                                                      └ retry(1), then catch → no results
//
// Each query starts a simulated request (a cold signal with latency and an occasional failure);
// a newer query cancels the request still in flight. Run `swift run racswift-demo --help`.

struct Options {
    var text = "rea|ctive|x<| co|coa"
    var failureRate = 0.3
    var seed: UInt64 = 4
    var typingInterval = 0.08
    var throttle = 0.3
    var latency = 0.6

    static let usage = """
        usage: racswift-demo [--text TEXT] [--failure-rate P] [--seed N] [--throttle SECONDS]
                             [--latency SECONDS] [--typing-interval SECONDS]

          --text SCRIPT        what the simulated user types: characters, '|' for a pause
                               (longer than the throttle), '<' for backspace
                               (default: "rea|ctive|x<| co|coa")
          --failure-rate P     probability that a search request fails (default: 0.3)
          --seed N             seed for the failures and latencies (default: 4)
          --throttle SECONDS   quiet time before a query is searched (default: 0.3)
          --latency SECONDS    typical request latency (default: 0.6)
          --typing-interval S  time between keystrokes (default: 0.08)
        """

    init(arguments: [String]) {
        var remaining = arguments[...]
        func value(for flag: String) -> String {
            guard let value = remaining.popFirst() else { Self.fail("\(flag) needs a value") }
            return value
        }
        func number(for flag: String) -> Double {
            let text = value(for: flag)
            guard let number = Double(text), number >= 0 else { Self.fail("\(flag) needs a non-negative number, got '\(text)'") }
            return number
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--text": text = value(for: flag)
            case "--failure-rate":
                failureRate = number(for: flag)
                if failureRate > 1 { Self.fail("--failure-rate must be between 0 and 1") }
            case "--seed":
                let text = value(for: flag)
                guard let parsed = UInt64(text) else { Self.fail("--seed needs a whole number, got '\(text)'") }
                seed = parsed
            case "--throttle": throttle = number(for: flag)
            case "--latency": latency = number(for: flag)
            case "--typing-interval": typingInterval = number(for: flag)
            case "-h", "--help":
                print(Self.usage)
                exit(0)
            default: Self.fail("unknown option '\(flag)'")
            }
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("racswift-demo: \(message)\n\n\(usage)\n".utf8))
        exit(2)
    }
}

/// A seeded generator, so a run with the same --seed fails the same requests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The simulated server's luck: latency and failure per request, shared by requests made on
/// any thread.
final class Dice: @unchecked Sendable {
    private let lock = NSLock()
    private var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(state: seed)
    }

    /// A latency around `typical`, and whether the request fails.
    func roll(typical: TimeInterval, failureRate: Double) -> (latency: TimeInterval, fails: Bool) {
        lock.withLock {
            (typical * Double.random(in: 0.6...1.4, using: &generator),
             Double.random(in: 0..<1, using: &generator) < failureRate)
        }
    }
}

struct SearchFailed: Error, CustomStringConvertible {
    let query: String
    var description: String { "the server did not answer for '\(query)'" }
}

let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
// One serial scheduler for the whole pipeline keeps the printed lines in event order.
let scheduler = Scheduler.background(name: "racswift-demo")
let start = scheduler.now
let dice = Dice(seed: options.seed)

func log(_ tag: String, _ message: String) {
    let elapsed = scheduler.now.timeIntervalSince(start)
    let padded = tag.padding(toLength: 10, withPad: " ", startingAt: 0)
    print(String(format: "[%6.3fs] ", elapsed) + padded + message)
}

/// The text in the search field after each keystroke of the script, at typing speed; a '|'
/// pauses long enough for the throttle to let the text through, a '<' deletes a character.
func keystrokes() -> Signal<String> {
    Signal.create { subscriber in
        let disposable = CompoundDisposable()
        var time = 0.2
        var typed = ""
        for key in options.text {
            switch key {
            case "|":
                time += options.throttle * 1.5
                continue
            case "<":
                if !typed.isEmpty { typed.removeLast() }
            default:
                typed.append(key)
            }
            let text = typed
            disposable.add(scheduler.afterDelay(time) { subscriber.sendNext(text) })
            time += options.typingInterval
        }
        disposable.add(scheduler.afterDelay(time) { subscriber.sendCompleted() })
        return disposable
    }
}

/// A simulated search request: a cold signal, so each subscription is one request.
func search(_ query: String) -> Signal<[String]> {
    Signal.create { subscriber in
        let (latency, fails) = dice.roll(typical: options.latency, failureRate: options.failureRate)
        log("request", "'\(query)' (answers in \(Int(latency * 1000)) ms)")
        // Read and written only on the demo's one serial scheduler, where the reply runs
        // and where switchToLatest disposes a replaced request.
        nonisolated(unsafe) var finished = false
        let reply = scheduler.afterDelay(latency) {
            finished = true
            if fails {
                subscriber.sendError(SearchFailed(query: query))
            } else {
                let words = query.split(separator: " ").map(String.init)
                subscriber.sendNext(words.map { "\($0)-result" } + ["\(query.count) characters"])
                subscriber.sendCompleted()
            }
        }
        return Disposable {
            if !finished { log("cancel", "request for '\(query)' (a newer query replaced it)") }
            reply?.dispose()
        }
    }
}

let results = keystrokes()
    .doNext { log("key", "'\($0)'") }
    .throttle(options.throttle, on: scheduler)
    .doNext { log("settled", "'\($0)' (no key for \(options.throttle) s)") }
    .distinctUntilChanged()
    .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    .doNext { log("query", "'\($0)'") }
    .map { query in
        search(query)
            .doError { log("failed", "\($0)") }
            .retry(1)  // one more request after a failure; the retry shows as a new 'request'
            .catch { error in
                log("gave up", "\(error) — showing no results")
                return Signal.return([])
            }
    }
    .switchToLatest()

let done = DispatchSemaphore(value: 0)
scheduler.schedule {
    log("start", "script '\(options.text)' (throttle \(options.throttle) s, failure rate \(options.failureRate), seed \(options.seed))")
    log("legend", "a 'settled' text with no 'query' after it equals the last query (distinctUntilChanged)")
    results.subscribe(
        next: { log("results", $0.isEmpty ? "(none)" : $0.joined(separator: ", ")) },
        error: { log("error", "\($0)"); done.signal() },
        completed: { log("done", "the user stopped typing and every request has finished"); done.signal() })
}
if done.wait(timeout: .now() + 60) == .timedOut {
    print("racswift-demo: did not finish within 60 s")
    exit(1)
}
