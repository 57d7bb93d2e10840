import Foundation

struct Options {
    var text = "sw|itch|x<|ToL|atest"
    var failureRate = 0.3
    var seed: UInt64 = 7
    var typingInterval = 0.08
    var throttle = 0.3
    var latency = 0.6
    var forceScript = false
    var tracePath: String?

    static let usage = """
        usage: racswift-demo [--script] [--text TEXT] [--failure-rate P] [--seed N]
                             [--throttle SECONDS] [--latency SECONDS] [--typing-interval SECONDS]
                             [--trace FILE.json]

        Search-as-you-type over RACSwift's operators, through a real HTTP server that the demo
        starts on a free loopback port. On a terminal you type and the results follow (Esc or
        Ctrl-C quits); otherwise (or with --script) a simulated user types TEXT.

          --script             play the script even on a terminal
          --text SCRIPT        what the simulated user types: characters, '|' for a pause
                               (longer than the throttle), '<' for backspace, '~' to wait
                               until the results for the text so far are shown
                               (default: "sw|itch|x<|ToL|atest")
          --failure-rate P     share of requests the server fails on purpose with a 500,
                               by a seeded rule (default: 0.3)
          --seed N             seed of the server's failures and latencies (default: 7)
          --throttle SECONDS   quiet time before a query is searched (default: 0.3)
          --latency SECONDS    the server's typical answer time (default: 0.6)
          --typing-interval S  time between the script's keystrokes (default: 0.08)
          --trace FILE.json    write a trace of the pipeline's signals (the same as
                               RAC_TRACE=FILE.json); draw it with racswift-trace
          -h, --help           this help
        """

    init(arguments: [String]) {
        var remaining = arguments[...]
        func value(for flag: String) -> String {
            guard let value = remaining.popFirst() else { Self.fail("\(flag) needs a value") }
            return value
        }
        func number(for flag: String) -> Double {
            let text = value(for: flag)
            guard let number = Double(text), number >= 0, number.isFinite else {
                Self.fail("\(flag) needs a non-negative number, got '\(text)'")
            }
            return number
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--script": forceScript = true
            case "--text": text = value(for: flag)
            case "--failure-rate":
                failureRate = number(for: flag)
                if failureRate > 1 { Self.fail("--failure-rate must be between 0 and 1") }
            case "--seed":
                let text = value(for: flag)
                guard let parsed = UInt64(text) else { Self.fail("--seed needs a whole number, got '\(text)'") }
                seed = parsed
            case "--throttle": throttle = number(for: flag)
            case "--latency":
                latency = number(for: flag)
                if latency > 30 { Self.fail("--latency must be at most 30 seconds") }
            case "--typing-interval": typingInterval = number(for: flag)
            case "--trace": tracePath = value(for: flag)
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
