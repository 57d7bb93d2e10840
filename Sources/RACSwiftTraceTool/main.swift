import Foundation

// racswift-trace: draws a RACSwift trace (the Chrome Trace Event file that RAC_TRACE writes)
// as an SVG timeline — RAC's Instruments templates as a picture:
//
//   one lane per signal: its subscriptions as bars (subscribe → disposal or terminal event),
//   its events as marbles (● value, ✕ error, | completed, □ disposed);
//   beneath, the live-disposable and live-subscription counts over time ("Disposable Growth").
//
// Usage: racswift-trace TRACE.json -o FILE.svg [--title TEXT] [--width PIXELS]

let usage = """
    usage: racswift-trace TRACE.json -o FILE.svg [--title TEXT] [--width PIXELS]

    Draws a trace written with RAC_TRACE=TRACE.json as an SVG timeline: a lane per signal
    with its subscriptions as bars and its events as marbles, and the live-disposable count
    beneath. Open the SVG in a browser; hover a marble for its value.
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("racswift-trace: \(message)\n\n\(usage)\n".utf8))
    exit(2)
}

var arguments = CommandLine.arguments.dropFirst()
var input: String?
var output: String?
var title: String?
var width = 1400.0
while let argument = arguments.popFirst() {
    switch argument {
    case "-o", "--output":
        guard let value = arguments.popFirst() else { fail("-o needs a file") }
        output = value
    case "--title":
        guard let value = arguments.popFirst() else { fail("--title needs a text") }
        title = value
    case "--width":
        guard let value = arguments.popFirst().flatMap(Double.init), value >= 400 else { fail("--width needs a number of pixels, at least 400") }
        width = value
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        if argument.hasPrefix("-") || input != nil { fail("unexpected argument '\(argument)'") }
        input = argument
    }
}
guard let input else { fail("no trace file given") }
guard let output else { fail("no output file given (-o FILE.svg)") }

let trace: Trace
do {
    trace = try Trace(data: Data(contentsOf: URL(fileURLWithPath: input)))
} catch {
    fail("cannot read '\(input)': \(error)")
}
let svg = Timeline(trace: trace, width: width, title: title ?? URL(fileURLWithPath: input).lastPathComponent).svg()
do {
    try Data(svg.utf8).write(to: URL(fileURLWithPath: output))
} catch {
    fail("cannot write '\(output)': \(error)")
}
