import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RACSwift

// RAC's classic search-as-you-type pipeline, against a real HTTP server:
//
//   keystrokes ─▶ throttle ─▶ distinctUntilChanged ─▶ map(search) ─▶ switchToLatest ─▶ results
//                                                      └ URLSession.signal(for:), retry(1), then catch → no results
//
// The demo starts a search server (SearchServer) on a free loopback port, over the corpus in
// Corpus.swift. Each query is a real HTTP request; a newer query cancels the request in flight,
// and the server logs the closed connection; the server fails some requests on purpose, by a
// seeded rule, and the pipeline retries them once. On a terminal it reads your keystrokes;
// otherwise it plays a script. Run `swift run racswift-demo --help`.

let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
// `--trace FILE` is `RAC_TRACE=FILE`: set before the library reads it (at the first
// subscription), so the pipeline's operators get their debug names too.
if let tracePath = options.tracePath { setenv("RAC_TRACE", tracePath, 1) }
let interactive = !options.forceScript && Terminal.isInteractive
// One serial scheduler for the pipeline's time and delivery keeps the events in order.
let scheduler = Scheduler.background(name: "racswift-demo")
let start = Date()
let printLock = NSLock()
nonisolated(unsafe) var screen: Screen?

func log(_ tag: String, _ message: String) {
    let line = String(format: "[%6.3fs] ", Date().timeIntervalSince(start))
        + tag.padding(toLength: 9, withPad: " ", startingAt: 0) + message
    if let screen {
        screen.log(line)
    } else {
        // Unbuffered, so a pipe sees each line as it happens.
        printLock.withLock { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    }
}

/// The queries whose results have been shown, the last one kept: the script's '~' waits on it.
let shownQueries = ReplaySubject<String>(capacity: 1)

/// The text in the search field after each keystroke of the script, at typing speed; a '|'
/// pauses long enough for the throttle to let the text through, a '<' deletes a character,
/// and a '~' waits, however long the search takes, until the results for the text typed so far
/// are shown (a user reading them), so that a script can rely on them whatever the machine's load.
func scriptedTexts() -> Signal<String> {
    var segments: [Signal<String>] = []
    var keys: [(time: TimeInterval, text: String)] = []
    var time = 0.2
    var typed = ""
    // Types `keys` at their times from when the segment starts, then waits `end` seconds.
    func closeSegment(end: TimeInterval) {
        let segment = keys
        segments.append(Signal.create { subscriber in
            let disposable = CompoundDisposable()
            for (time, text) in segment {
                disposable.add(scheduler.afterDelay(time) { subscriber.sendNext(text) })
            }
            disposable.add(scheduler.afterDelay(end) { subscriber.sendCompleted() })
            return disposable
        })
        keys = []
    }
    for key in options.text {
        switch key {
        case "|":
            time += options.throttle * 1.5
            continue
        case "~":
            closeSegment(end: time)
            let text = typed
            if !text.trimmingCharacters(in: .whitespaces).isEmpty {
                segments.append(shownQueries.filter { $0 == text }.take(1).ignoreValues())
            }
            time = options.typingInterval
            continue
        case "<":
            if !typed.isEmpty { typed.removeLast() }
        default:
            typed.append(key)
        }
        keys.append((time, typed))
        time += options.typingInterval
    }
    closeSegment(end: time)
    return Signal.concat(segments).setName("keys")
}

let server: SearchServer
do {
    server = try SearchServer.start(
        entries: corpus,
        rule: .init(seed: options.seed, failureRate: options.failureRate, latency: options.latency),
        log: { log("server", $0) })
} catch {
    FileHandle.standardError.write(Data("racswift-demo: could not start the search server: \(error)\n".utf8))
    exit(1)
}
let session = URLSession(configuration: .ephemeral)
let pipeline = "keys ▸ throttle(\(options.throttle) s) ▸ distinctUntilChanged ▸ map(URLSession.signal) ▸ retry(1) ▸ catch ▸ switchToLatest"

let done = DispatchSemaphore(value: 0)
let texts: Signal<String>
if interactive {
    Terminal.enterRawMode()
    screen = Screen(header: [
        "RACSwift search-as-you-type — real HTTP requests to the search server at 127.0.0.1:\(server.port)",
        "pipeline: \(pipeline)",
        "server: \(corpus.count) operators; fails \(Int(options.failureRate * 100))% of requests on purpose (seed \(options.seed)), answers in about \(options.latency) s",
    ])
    screen?.typed("")
    texts = typedTexts(from: .standardInput, onQuit: { done.signal() }).setName("keys").doNext { screen?.typed($0) }
} else {
    texts = scriptedTexts().doNext { log("key", "'\($0)'") }
}

let results = searchResults(
    for: texts, throttle: options.throttle, on: scheduler, session: session, port: server.port,
    log: { tag, message in
        if tag == "query", let screen { screen.searching(String(message.dropFirst().dropLast())) }
        log(tag, message)
    })

let subscription = SerialDisposable()
scheduler.schedule {
    if !interactive {
        log("start", "search server at http://127.0.0.1:\(server.port)/search over \(corpus.count) operators")
        log("start", "pipeline: \(pipeline)")
        log("start", "script '\(options.text)' (throttle \(options.throttle) s, failure rate \(options.failureRate), seed \(options.seed), latency \(options.latency) s)")
        log("legend", "a 'settled' text with no 'query' after it equals the last query (distinctUntilChanged)")
    }
    subscription.disposable = results.subscribe(
        next: { answer in
            if let screen {
                screen.show(answer)
            } else {
                let names = answer.results.prefix(5).map(\.name).joined(separator: ", ")
                log("results", answer.total == 0 ? "'\(answer.query)': (none)" : "'\(answer.query)': \(answer.total): \(names)")
            }
            shownQueries.sendNext(answer.query)
        },
        error: { log("error", "\($0)"); done.signal() },
        completed: {
            log("done", "the user stopped typing and every request has finished")
            done.signal()
        })
}

let finished = done.wait(timeout: interactive ? .distantFuture : .now() + 60) == .success
subscription.dispose()
// The session is not invalidated: the process ends here. invalidateAndCancel() can race a
// task's completion into swift-corelibs-foundation's TaskRegistry crash on Linux (issue 30,
// URLSession+Signal.swift), and finishTasksAndInvalidate() leaves its pending invalidation
// allocated at exit, which LeakSanitizer reports (the demo runs under ASan in CI's tests).
server.stop()
if interactive {
    Terminal.restore()
    print("\u{1B}[H\u{1B}[2J", terminator: "")
    print("racswift-demo: bye")
} else if !finished {
    print("racswift-demo: did not finish within 60 s")
    exit(1)
}
