#!/usr/bin/env python3
"""Writes the sources that codesize.sh compiles: for each library (rac, oc, floor) a user module
of the 40 pipelines of Benchmarks/typecheck/generate.py (the same functions, same logic) and a
main that calls each of them once, so none is dead code; `empty` is the main alone.

Usage: generate.py OUTDIR. Writes <lib>/pipelines.swift and <lib>/main.swift (top-level code is
only allowed in a file called main.swift), empty/main.swift and
Floor.swift (the floor's library: the closure floor of racbench's Baseline.swift written as
generic functions of a module of its own, nothing inlinable, so the user's module holds only
its closures and calls).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "typecheck"))
import generate as typecheck  # noqa: E402

FLOOR_LIBRARY = """// The closure floor as a library: a source is a function of its sink. No disposal, no
// terminal events, no locks; the floor's switchToLatest does not cancel the previous inner and
// it has no throttle (the pipelines' last operator is missing on this side).
public typealias Source<T> = (@escaping (T) -> Void) -> Void

public final class Cancel {
    public init() {}
}

public func just<T>(_ value: T) -> Source<T> { { sink in sink(value) } }

public func map<T, U>(_ source: @escaping Source<T>, _ transform: @escaping (T) -> U) -> Source<U> {
    { sink in source { sink(transform($0)) } }
}

public func filter<T>(_ source: @escaping Source<T>, _ predicate: @escaping (T) -> Bool) -> Source<T> {
    { sink in source { if predicate($0) { sink($0) } } }
}

final class Latest3<A, B, C> {
    var a: A?, b: B?, c: C?
}

public func combineLatest<A, B, C, R>(
    _ a: @escaping Source<A>, _ b: @escaping Source<B>, _ c: @escaping Source<C>,
    _ reduce: @escaping (A, B, C) -> R
) -> Source<R> {
    { sink in
        let state = Latest3<A, B, C>()
        func emit() { if let x = state.a, let y = state.b, let z = state.c { sink(reduce(x, y, z)) } }
        a { state.a = $0; emit() }
        b { state.b = $0; emit() }
        c { state.c = $0; emit() }
    }
}

public func switchToLatest<T>(_ source: @escaping Source<Source<T>>) -> Source<T> {
    { sink in source { inner in inner(sink) } }
}

public func flatMap<T, U>(_ source: @escaping Source<T>, _ inner: @escaping (T) -> Source<U>) -> Source<U> {
    { sink in source { inner($0)(sink) } }
}

final class Accumulator<U> {
    var value: U
    init(_ value: U) { self.value = value }
}

public func scan<T, U>(_ source: @escaping Source<T>, _ initial: U, _ combine: @escaping (U, T) -> U) -> Source<U> {
    { sink in
        let acc = Accumulator(initial)
        source { acc.value = combine(acc.value, $0); sink(acc.value) }
    }
}

public func subscribe<T>(_ source: @escaping Source<T>, _ next: @escaping (T) -> Void) -> Cancel {
    source(next)
    return Cancel()
}
"""


def floor_pipeline(i: int) -> str:
    k = i % 7 + 2
    body = typecheck.BODIES[i % len(typecheck.BODIES)].format(k=k)
    return f"""func pipeline{i:02}(_ a: @escaping Source<Int>, _ b: @escaping Source<String>, _ c: @escaping Source<Double>) -> Cancel {{
    let combined = combineLatest(a, b, c, {{ x, y, z in {body} }})
    let valid = filter(map(combined, {{ $0 + {k} }}), {{ $0 % {k} != 0 }})
    let searches = switchToLatest(map(valid, {{ n in just("query \\(n)") }}))
    let totals = scan(flatMap(searches, {{ s in just(s.count) }}), 0, {{ sum, n in sum + n }})
    return subscribe(totals, {{ total in print(total) }})
}}

"""


# Each main calls every pipeline once, with inputs that send nothing when run: the binary must
# contain every pipeline, not run them.
MAINS = {
    "rac": ("import RACSwift\n\n", "let a = Subject<Int>(), b = Subject<String>(), c = Subject<Double>()\n",
            "pipeline{i:02}(a, b, c, Scheduler.immediate).dispose()"),
    "oc": ("import OpenCombine\n\n",
           "let a = PassthroughSubject<Int, Never>().eraseToAnyPublisher()\n"
           "let b = PassthroughSubject<String, Never>().eraseToAnyPublisher()\n"
           "let c = PassthroughSubject<Double, Never>().eraseToAnyPublisher()\n",
           "pipeline{i:02}(a, b, c, ImmediateScheduler.shared).cancel()"),
    "floor": ("import Floor\n\n",
              "let a: Source<Int> = { _ in }, b: Source<String> = { _ in }, c: Source<Double> = { _ in }\n",
              "_ = pipeline{i:02}(a, b, c)"),
}


def main() -> None:
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    pipelines = {
        "rac": typecheck.RAC_HEADER + "".join(typecheck.rac_pipeline(i) for i in range(1, typecheck.COUNT + 1)),
        "oc": typecheck.OC_HEADER + "".join(typecheck.oc_pipeline(i) for i in range(1, typecheck.COUNT + 1)),
        "floor": "import Floor\n\n" + "".join(floor_pipeline(i) for i in range(1, typecheck.COUNT + 1)),
    }
    one = {
        "rac": typecheck.RAC_HEADER + typecheck.rac_pipeline(1),
        "oc": typecheck.OC_HEADER + typecheck.oc_pipeline(1),
        "floor": "import Floor\n\n" + floor_pipeline(1),
    }
    # <lib>: the 40 pipelines; <lib>-one: the first alone (the library's cost with one user).
    for lib in pipelines:
        header, inputs, call = MAINS[lib]
        for name, text, count in [(lib, pipelines[lib], typecheck.COUNT), (f"{lib}-one", one[lib], 1)]:
            os.makedirs(os.path.join(out, name), exist_ok=True)
            with open(os.path.join(out, name, "pipelines.swift"), "w") as f:
                f.write(text)
            with open(os.path.join(out, name, "main.swift"), "w") as f:
                f.write(header + inputs + "".join(call.format(i=i) + "\n" for i in range(1, count + 1)))
    os.makedirs(os.path.join(out, "empty"), exist_ok=True)
    with open(os.path.join(out, "empty", "main.swift"), "w") as f:
        f.write('print("empty")\n')
    with open(os.path.join(out, "Floor.swift"), "w") as f:
        f.write(FLOOR_LIBRARY)


if __name__ == "__main__":
    main()
