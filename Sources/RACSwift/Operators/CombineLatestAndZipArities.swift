// Fixed-arity forms of the typed `combineLatest` and `zip`, two to six signals.
//
// The any-arity forms (parameter packs, in CombineLatest.swift and Zip.swift) stay, but the
// type checker resolves a closure passed to them before it has bound the pack's element types:
// `Signal.combineLatest(a, b, c, reduce: { x, y, z in x * 2 + y.count + Int(z * 2) })` tried
// every `*`, `+` and `Int.init` overload against unknown parameter types — 5 s for that one
// statement, and "unable to type-check this expression in reasonable time" for some others
// (Benchmarks/typecheck/run.sh, BENCHMARKS.md). With these overloads the parameters' types come
// from the signals at once and the same statement takes milliseconds; the solver prefers them
// over the pack forms (more specialized), so the pack forms only serve seven signals and more.
//
// Each overload is the pack form at that arity: it builds the same signal through
// `makeCombineLatest` / `makeZip`, with the same debug name and the same work per event.

extension Signal {
    /// The typed `combineLatest` of two signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    public static func combineLatest<A, B>(
        _ a: Signal<A>, _ b: Signal<B>
    ) -> Signal<Value> where Value == (A, B) {
        makeCombineLatest(a, b)
    }

    /// The typed `combineLatest` of two signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    public static func combineLatest<A, B>(
        _ a: Signal<A>, _ b: Signal<B>,
        reduce: @escaping @Sendable (A, B) -> Value
    ) -> Signal<Value> {
        makeCombineLatest(a, b)
            .map { values in reduce(values.0, values.1) }
            .named("+combineLatest: \(describeSignals(a, b)) reduce:")
    }

    /// The typed `combineLatest` of three signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    public static func combineLatest<A, B, C>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>
    ) -> Signal<Value> where Value == (A, B, C) {
        makeCombineLatest(a, b, c)
    }

    /// The typed `combineLatest` of three signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    public static func combineLatest<A, B, C>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>,
        reduce: @escaping @Sendable (A, B, C) -> Value
    ) -> Signal<Value> {
        makeCombineLatest(a, b, c)
            .map { values in reduce(values.0, values.1, values.2) }
            .named("+combineLatest: \(describeSignals(a, b, c)) reduce:")
    }

    /// The typed `combineLatest` of four signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    public static func combineLatest<A, B, C, D>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>
    ) -> Signal<Value> where Value == (A, B, C, D) {
        makeCombineLatest(a, b, c, d)
    }

    /// The typed `combineLatest` of four signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    public static func combineLatest<A, B, C, D>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>,
        reduce: @escaping @Sendable (A, B, C, D) -> Value
    ) -> Signal<Value> {
        makeCombineLatest(a, b, c, d)
            .map { values in reduce(values.0, values.1, values.2, values.3) }
            .named("+combineLatest: \(describeSignals(a, b, c, d)) reduce:")
    }

    /// The typed `combineLatest` of five signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    public static func combineLatest<A, B, C, D, E>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>
    ) -> Signal<Value> where Value == (A, B, C, D, E) {
        makeCombineLatest(a, b, c, d, e)
    }

    /// The typed `combineLatest` of five signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    public static func combineLatest<A, B, C, D, E>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>,
        reduce: @escaping @Sendable (A, B, C, D, E) -> Value
    ) -> Signal<Value> {
        makeCombineLatest(a, b, c, d, e)
            .map { values in reduce(values.0, values.1, values.2, values.3, values.4) }
            .named("+combineLatest: \(describeSignals(a, b, c, d, e)) reduce:")
    }

    /// The typed `combineLatest` of six signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    public static func combineLatest<A, B, C, D, E, F>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>, _ f: Signal<F>
    ) -> Signal<Value> where Value == (A, B, C, D, E, F) {
        makeCombineLatest(a, b, c, d, e, f)
    }

    /// The typed `combineLatest` of six signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    public static func combineLatest<A, B, C, D, E, F>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>, _ f: Signal<F>,
        reduce: @escaping @Sendable (A, B, C, D, E, F) -> Value
    ) -> Signal<Value> {
        makeCombineLatest(a, b, c, d, e, f)
            .map { values in reduce(values.0, values.1, values.2, values.3, values.4, values.5) }
            .named("+combineLatest: \(describeSignals(a, b, c, d, e, f)) reduce:")
    }

    /// Zips two signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    public static func zip<A, B>(
        _ a: Signal<A>, _ b: Signal<B>
    ) -> Signal<(A, B)> where Value == (A, B) {
        makeZip(a, b)
    }

    /// Zips two signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    public static func zip<A, B>(
        _ a: Signal<A>, _ b: Signal<B>,
        reduce: @escaping @Sendable (A, B) -> Value
    ) -> Signal<Value> {
        makeZip(a, b, reduce: reduce)
    }

    /// Zips three signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    public static func zip<A, B, C>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>
    ) -> Signal<(A, B, C)> where Value == (A, B, C) {
        makeZip(a, b, c)
    }

    /// Zips three signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    public static func zip<A, B, C>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>,
        reduce: @escaping @Sendable (A, B, C) -> Value
    ) -> Signal<Value> {
        makeZip(a, b, c, reduce: reduce)
    }

    /// Zips four signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    public static func zip<A, B, C, D>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>
    ) -> Signal<(A, B, C, D)> where Value == (A, B, C, D) {
        makeZip(a, b, c, d)
    }

    /// Zips four signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    public static func zip<A, B, C, D>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>,
        reduce: @escaping @Sendable (A, B, C, D) -> Value
    ) -> Signal<Value> {
        makeZip(a, b, c, d, reduce: reduce)
    }

    /// Zips five signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    public static func zip<A, B, C, D, E>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>
    ) -> Signal<(A, B, C, D, E)> where Value == (A, B, C, D, E) {
        makeZip(a, b, c, d, e)
    }

    /// Zips five signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    public static func zip<A, B, C, D, E>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>,
        reduce: @escaping @Sendable (A, B, C, D, E) -> Value
    ) -> Signal<Value> {
        makeZip(a, b, c, d, e, reduce: reduce)
    }

    /// Zips six signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    public static func zip<A, B, C, D, E, F>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>, _ f: Signal<F>
    ) -> Signal<(A, B, C, D, E, F)> where Value == (A, B, C, D, E, F) {
        makeZip(a, b, c, d, e, f)
    }

    /// Zips six signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    public static func zip<A, B, C, D, E, F>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>, _ f: Signal<F>,
        reduce: @escaping @Sendable (A, B, C, D, E, F) -> Value
    ) -> Signal<Value> {
        makeZip(a, b, c, d, e, f, reduce: reduce)
    }
}
