#!/usr/bin/env python3
"""Writes the pipelines that run.sh type-checks: the same logic in each library's idiom.

Usage: generate.py OUTDIR. Writes, for each library (rac, oc):
  <lib>-pipelines.swift  40 pipelines of 5 statements each (200 statements)
  <lib>-chain.swift      one of those pipelines written as a single expression

Each pipeline: three inputs combined by a closure of three parameters, map + filter, a map to
an inner signal + switchToLatest, flattenMap + scan, throttle + subscribe. OpenCombine 0.14 has
no combineLatest, so its pipelines combine with `zip(_:_:_:)` and a transform: the same
expression shape for the type checker (three inputs, one closure of three parameters whose
result type is inferred from its body).
"""
import os
import sys

COUNT = 40

# The reducing closures' bodies: ordinary integer arithmetic over an Int, a String and a
# Double; the fourth is the expression the issue timed alone (`x * 2 + y.count + Int(z * 2)`).
BODIES = [
    "x + y.count + Int(z * {k})",
    "y.count * {k} + Int(z) - x",
    "x + y.count + Int(z) * {k}",
    "x * {k} + y.count + Int(z * 2)",
    "Int(z * {k}) + x + y.count",
]

RAC_HEADER = "import RACSwift\n\n"
OC_HEADER = "import OpenCombine\n\n"


def rac_pipeline(i: int) -> str:
    k = i % 7 + 2
    body = BODIES[i % len(BODIES)].format(k=k)
    return f"""func pipeline{i:02}(_ a: Signal<Int>, _ b: Signal<String>, _ c: Signal<Double>, _ scheduler: Scheduler) -> Disposable {{
    let combined = Signal.combineLatest(a, b, c, reduce: {{ x, y, z in {body} }})
    let valid = combined.map {{ $0 + {k} }}.filter {{ $0 % {k} != 0 }}
    let searches = valid.map {{ n in Signal.return("query \\(n)") }}.switchToLatest()
    let totals = searches.flattenMap {{ s in Signal.return(s.count) }}.scan(withStart: 0, reduce: {{ sum, n in sum + n }})
    return totals.throttle(0.3, on: scheduler).subscribe(next: {{ total in print(total) }})
}}

"""


def oc_pipeline(i: int) -> str:
    k = i % 7 + 2
    body = BODIES[i % len(BODIES)].format(k=k)
    return f"""func pipeline{i:02}(_ a: AnyPublisher<Int, Never>, _ b: AnyPublisher<String, Never>, _ c: AnyPublisher<Double, Never>, _ scheduler: ImmediateScheduler) -> AnyCancellable {{
    let combined = a.zip(b, c, {{ x, y, z in {body} }})
    let valid = combined.map {{ $0 + {k} }}.filter {{ $0 % {k} != 0 }}
    let searches = valid.map {{ n in Just("query \\(n)") }}.switchToLatest()
    let totals = searches.flatMap {{ s in Just(s.count) }}.scan(0, {{ sum, n in sum + n }})
    return totals.throttle(for: 0.3, scheduler: scheduler, latest: true).sink {{ total in print(total) }}
}}

"""


RAC_CHAIN = """func chain(_ a: Signal<Int>, _ b: Signal<String>, _ c: Signal<Double>, _ scheduler: Scheduler) -> Disposable {
    Signal.combineLatest(a, b, c, reduce: { x, y, z in x * 2 + y.count + Int(z * 2) })
        .map { $0 + 2 }.filter { $0 % 2 != 0 }
        .map { n in Signal.return("query \\(n)") }.switchToLatest()
        .flattenMap { s in Signal.return(s.count) }.scan(withStart: 0, reduce: { sum, n in sum + n })
        .throttle(0.3, on: scheduler).subscribe(next: { total in print(total) })
}
"""

OC_CHAIN = """func chain(_ a: AnyPublisher<Int, Never>, _ b: AnyPublisher<String, Never>, _ c: AnyPublisher<Double, Never>, _ scheduler: ImmediateScheduler) -> AnyCancellable {
    a.zip(b, c, { x, y, z in x * 2 + y.count + Int(z * 2) })
        .map { $0 + 2 }.filter { $0 % 2 != 0 }
        .map { n in Just("query \\(n)") }.switchToLatest()
        .flatMap { s in Just(s.count) }.scan(0, { sum, n in sum + n })
        .throttle(for: 0.3, scheduler: scheduler, latest: true).sink { total in print(total) }
}
"""


def main() -> None:
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for lib, header, pipeline, chain in [
        ("rac", RAC_HEADER, rac_pipeline, RAC_CHAIN),
        ("oc", OC_HEADER, oc_pipeline, OC_CHAIN),
    ]:
        with open(os.path.join(out, f"{lib}-pipelines.swift"), "w") as f:
            f.write(header + "".join(pipeline(i) for i in range(1, COUNT + 1)))
        with open(os.path.join(out, f"{lib}-chain.swift"), "w") as f:
            f.write(header + chain)


if __name__ == "__main__":
    main()
