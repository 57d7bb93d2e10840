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
// Each overload runs the machine the pack form runs (the same sink, inputs, state, debug name
// and order of subscriptions), but is inlinable, so that the tuple (or the reduced value) is
// formed in the caller's code with its concrete types: formed in the library's generic code,
// every tuple looked its metadata up at run time, about 10,000 instructions per event for three
// signals (W23; two signals, `combineLatest(with:)`, had this shape already: W5).

extension Signal {
    /// The typed `combineLatest` of two signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    @inlinable
    public static func combineLatest<A, B>(
        _ a: Signal<A>, _ b: Signal<B>
    ) -> Signal<Value> where Value == (A, B) {
        PairOperatorSignal(a, b) { subscriber, a, b in
            let sink = CombineLatestSink<Value>(downstream: subscriber, inputCount: 2)
            let inputs = CombineLatestInputs2<A, B, Value, A?>(
                sink, CombineLatestInput(sink, ownSubscriberOf: b.plainSubjectUnlessWrapped),
                ownSubscriberOf: a.plainSubjectUnlessWrapped)
            return startCombineLatest(
                subscriber, sink, inputs: inputs, combine: { [inputs] in (inputs.latest, inputs.second.latest) }
            ) { gathering in
                sink.subscribeInput(a, inputs, into: gathering)
                sink.subscribeInput(b, inputs.second, into: gathering)
            }
        }
        .named("+combineLatest: \(describeSignals([a, b]))")
    }

    /// The typed `combineLatest` of two signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    @inlinable
    public static func combineLatest<A, B>(
        _ a: Signal<A>, _ b: Signal<B>,
        reduce: @escaping @Sendable (A, B) -> Value
    ) -> Signal<Value> {
        Signal<(A, B)>.combineLatest(a, b)
            .map { values in reduce(values.0, values.1) }
            .named("+combineLatest: \(describeSignals([a, b])) reduce:")
    }

    /// The typed `combineLatest` of three signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    @inlinable
    public static func combineLatest<A, B, C>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>
    ) -> Signal<Value> where Value == (A, B, C) {
        makeCombineLatest3(a, b, c, reduce: { ($0, $1, $2) })
            .named("+combineLatest: \(describeSignals([a, b, c]))")
    }

    /// The typed `combineLatest` of three signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    @inlinable
    public static func combineLatest<A, B, C>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>,
        reduce: @escaping @Sendable (A, B, C) -> Value
    ) -> Signal<Value> {
        makeCombineLatest3(a, b, c, reduce: reduce)
            .named("+combineLatest: \(describeSignals([a, b, c])) reduce:")
    }

    /// The typed `combineLatest` of four signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    @inlinable
    public static func combineLatest<A, B, C, D>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>
    ) -> Signal<Value> where Value == (A, B, C, D) {
        OperatorSignal((a, b, c, d)) { subscriber, signals in
            let sink = CombineLatestSink<Value>(downstream: subscriber, inputCount: 4)
            let x = CombineLatestInput<A, Value, A?>(sink, ownSubscriberOf: signals.0.plainSubjectUnlessWrapped)
            let y = CombineLatestInput<B, Value, B?>(sink, ownSubscriberOf: signals.1.plainSubjectUnlessWrapped)
            let z = CombineLatestInput<C, Value, C?>(sink, ownSubscriberOf: signals.2.plainSubjectUnlessWrapped)
            let u = CombineLatestInput<D, Value, D?>(sink, ownSubscriberOf: signals.3.plainSubjectUnlessWrapped)
            return startCombineLatest(subscriber, sink, combine: { (x.latest, y.latest, z.latest, u.latest) }) { gathering in
                sink.subscribeInput(signals.0, x, into: gathering)
                sink.subscribeInput(signals.1, y, into: gathering)
                sink.subscribeInput(signals.2, z, into: gathering)
                sink.subscribeInput(signals.3, u, into: gathering)
            }
        }
        .named("+combineLatest: \(describeSignals([a, b, c, d]))")
    }

    /// The typed `combineLatest` of four signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    @inlinable
    public static func combineLatest<A, B, C, D>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>,
        reduce: @escaping @Sendable (A, B, C, D) -> Value
    ) -> Signal<Value> {
        Signal<(A, B, C, D)>.combineLatest(a, b, c, d)
            .map { values in reduce(values.0, values.1, values.2, values.3) }
            .named("+combineLatest: \(describeSignals([a, b, c, d])) reduce:")
    }

    /// The typed `combineLatest` of five signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    @inlinable
    public static func combineLatest<A, B, C, D, E>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>
    ) -> Signal<Value> where Value == (A, B, C, D, E) {
        OperatorSignal((a, b, c, d, e)) { subscriber, signals in
            let sink = CombineLatestSink<Value>(downstream: subscriber, inputCount: 5)
            let x = CombineLatestInput<A, Value, A?>(sink, ownSubscriberOf: signals.0.plainSubjectUnlessWrapped)
            let y = CombineLatestInput<B, Value, B?>(sink, ownSubscriberOf: signals.1.plainSubjectUnlessWrapped)
            let z = CombineLatestInput<C, Value, C?>(sink, ownSubscriberOf: signals.2.plainSubjectUnlessWrapped)
            let u = CombineLatestInput<D, Value, D?>(sink, ownSubscriberOf: signals.3.plainSubjectUnlessWrapped)
            let v = CombineLatestInput<E, Value, E?>(sink, ownSubscriberOf: signals.4.plainSubjectUnlessWrapped)
            return startCombineLatest(subscriber, sink, combine: {
                (x.latest, y.latest, z.latest, u.latest, v.latest)
            }) { gathering in
                sink.subscribeInput(signals.0, x, into: gathering)
                sink.subscribeInput(signals.1, y, into: gathering)
                sink.subscribeInput(signals.2, z, into: gathering)
                sink.subscribeInput(signals.3, u, into: gathering)
                sink.subscribeInput(signals.4, v, into: gathering)
            }
        }
        .named("+combineLatest: \(describeSignals([a, b, c, d, e]))")
    }

    /// The typed `combineLatest` of five signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    @inlinable
    public static func combineLatest<A, B, C, D, E>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>,
        reduce: @escaping @Sendable (A, B, C, D, E) -> Value
    ) -> Signal<Value> {
        Signal<(A, B, C, D, E)>.combineLatest(a, b, c, d, e)
            .map { values in reduce(values.0, values.1, values.2, values.3, values.4) }
            .named("+combineLatest: \(describeSignals([a, b, c, d, e])) reduce:")
    }

    /// The typed `combineLatest` of six signals: sends a tuple of their latest values each time
    /// any of them sends, once every one has sent a value (RAC's `+combineLatest:`).
    /// Terminates and delivers as the any-arity `combineLatest(_:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly): completes when every signal has
    /// completed, forwards the first error at once and disposes the others, and sends each
    /// tuple on the thread of the event that caused it, one at a time.
    @inlinable
    public static func combineLatest<A, B, C, D, E, F>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>, _ f: Signal<F>
    ) -> Signal<Value> where Value == (A, B, C, D, E, F) {
        OperatorSignal((a, b, c, d, e, f)) { subscriber, signals in
            let sink = CombineLatestSink<Value>(downstream: subscriber, inputCount: 6)
            let x = CombineLatestInput<A, Value, A?>(sink, ownSubscriberOf: signals.0.plainSubjectUnlessWrapped)
            let y = CombineLatestInput<B, Value, B?>(sink, ownSubscriberOf: signals.1.plainSubjectUnlessWrapped)
            let z = CombineLatestInput<C, Value, C?>(sink, ownSubscriberOf: signals.2.plainSubjectUnlessWrapped)
            let u = CombineLatestInput<D, Value, D?>(sink, ownSubscriberOf: signals.3.plainSubjectUnlessWrapped)
            let v = CombineLatestInput<E, Value, E?>(sink, ownSubscriberOf: signals.4.plainSubjectUnlessWrapped)
            let w = CombineLatestInput<F, Value, F?>(sink, ownSubscriberOf: signals.5.plainSubjectUnlessWrapped)
            return startCombineLatest(subscriber, sink, combine: {
                (x.latest, y.latest, z.latest, u.latest, v.latest, w.latest)
            }) { gathering in
                sink.subscribeInput(signals.0, x, into: gathering)
                sink.subscribeInput(signals.1, y, into: gathering)
                sink.subscribeInput(signals.2, z, into: gathering)
                sink.subscribeInput(signals.3, u, into: gathering)
                sink.subscribeInput(signals.4, v, into: gathering)
                sink.subscribeInput(signals.5, w, into: gathering)
            }
        }
        .named("+combineLatest: \(describeSignals([a, b, c, d, e, f]))")
    }

    /// The typed `combineLatest` of six signals with each set of latest values passed to
    /// `reduce` (RAC's `+combineLatest:reduce:`). Terminates and delivers as the any-arity
    /// `combineLatest(_:reduce:)` does (it is that operator at this arity, declared so that
    /// calls type-check quickly).
    @inlinable
    public static func combineLatest<A, B, C, D, E, F>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>, _ f: Signal<F>,
        reduce: @escaping @Sendable (A, B, C, D, E, F) -> Value
    ) -> Signal<Value> {
        Signal<(A, B, C, D, E, F)>.combineLatest(a, b, c, d, e, f)
            .map { values in reduce(values.0, values.1, values.2, values.3, values.4, values.5) }
            .named("+combineLatest: \(describeSignals([a, b, c, d, e, f])) reduce:")
    }

    /// Zips two signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    @inlinable
    public static func zip<A, B>(
        _ a: Signal<A>, _ b: Signal<B>
    ) -> Signal<(A, B)> where Value == (A, B) {
        zip(a, b, reduce: { ($0, $1) })
            .named("+zip: \(describeSignals([a, b]))")
    }

    /// Zips two signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    @inlinable
    public static func zip<A, B>(
        _ a: Signal<A>, _ b: Signal<B>,
        reduce: @escaping @Sendable (A, B) -> Value
    ) -> Signal<Value> {
        OperatorSignal((a, b)) { subscriber, signals in
            let x = RingBuffer<A>()
            let y = RingBuffer<B>()
            let sink = ZipSink<Value>(downstream: subscriber, buffers: [x, y]) {
                reduce(x.removeFirst(), y.removeFirst())
            }
            return startZip(subscriber, sink) {
                sink.subscribeInput(signals.0, x, 0)
                sink.subscribeInput(signals.1, y, 1)
            }
        }
        .named("+zip: \(describeSignals([a, b])) reduce:")
    }

    /// Zips three signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    @inlinable
    public static func zip<A, B, C>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>
    ) -> Signal<(A, B, C)> where Value == (A, B, C) {
        zip(a, b, c, reduce: { ($0, $1, $2) })
            .named("+zip: \(describeSignals([a, b, c]))")
    }

    /// Zips three signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    @inlinable
    public static func zip<A, B, C>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>,
        reduce: @escaping @Sendable (A, B, C) -> Value
    ) -> Signal<Value> {
        OperatorSignal((a, b, c)) { subscriber, signals in
            let x = RingBuffer<A>()
            let y = RingBuffer<B>()
            let z = RingBuffer<C>()
            let sink = ZipSink<Value>(downstream: subscriber, buffers: [x, y, z]) {
                reduce(x.removeFirst(), y.removeFirst(), z.removeFirst())
            }
            return startZip(subscriber, sink) {
                sink.subscribeInput(signals.0, x, 0)
                sink.subscribeInput(signals.1, y, 1)
                sink.subscribeInput(signals.2, z, 2)
            }
        }
        .named("+zip: \(describeSignals([a, b, c])) reduce:")
    }

    /// Zips four signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    @inlinable
    public static func zip<A, B, C, D>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>
    ) -> Signal<(A, B, C, D)> where Value == (A, B, C, D) {
        zip(a, b, c, d, reduce: { ($0, $1, $2, $3) })
            .named("+zip: \(describeSignals([a, b, c, d]))")
    }

    /// Zips four signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    @inlinable
    public static func zip<A, B, C, D>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>,
        reduce: @escaping @Sendable (A, B, C, D) -> Value
    ) -> Signal<Value> {
        OperatorSignal((a, b, c, d)) { subscriber, signals in
            let x = RingBuffer<A>()
            let y = RingBuffer<B>()
            let z = RingBuffer<C>()
            let u = RingBuffer<D>()
            let sink = ZipSink<Value>(downstream: subscriber, buffers: [x, y, z, u]) {
                reduce(x.removeFirst(), y.removeFirst(), z.removeFirst(), u.removeFirst())
            }
            return startZip(subscriber, sink) {
                sink.subscribeInput(signals.0, x, 0)
                sink.subscribeInput(signals.1, y, 1)
                sink.subscribeInput(signals.2, z, 2)
                sink.subscribeInput(signals.3, u, 3)
            }
        }
        .named("+zip: \(describeSignals([a, b, c, d])) reduce:")
    }

    /// Zips five signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    @inlinable
    public static func zip<A, B, C, D, E>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>
    ) -> Signal<(A, B, C, D, E)> where Value == (A, B, C, D, E) {
        zip(a, b, c, d, e, reduce: { ($0, $1, $2, $3, $4) })
            .named("+zip: \(describeSignals([a, b, c, d, e]))")
    }

    /// Zips five signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    @inlinable
    public static func zip<A, B, C, D, E>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>,
        reduce: @escaping @Sendable (A, B, C, D, E) -> Value
    ) -> Signal<Value> {
        OperatorSignal((a, b, c, d, e)) { subscriber, signals in
            let x = RingBuffer<A>()
            let y = RingBuffer<B>()
            let z = RingBuffer<C>()
            let u = RingBuffer<D>()
            let v = RingBuffer<E>()
            let sink = ZipSink<Value>(downstream: subscriber, buffers: [x, y, z, u, v]) {
                reduce(x.removeFirst(), y.removeFirst(), z.removeFirst(), u.removeFirst(), v.removeFirst())
            }
            return startZip(subscriber, sink) {
                sink.subscribeInput(signals.0, x, 0)
                sink.subscribeInput(signals.1, y, 1)
                sink.subscribeInput(signals.2, z, 2)
                sink.subscribeInput(signals.3, u, 3)
                sink.subscribeInput(signals.4, v, 4)
            }
        }
        .named("+zip: \(describeSignals([a, b, c, d, e])) reduce:")
    }

    /// Zips six signals: the n-th value of the result is the tuple of the n-th values of each
    /// (RAC's `+zip:`). Terminates and delivers as the any-arity `zip(_:)` does (it is that
    /// operator at this arity, declared so that calls type-check quickly): completes once a
    /// completed input's values have all been zipped, forwards the first error at once, and
    /// sends tuples one at a time.
    @inlinable
    public static func zip<A, B, C, D, E, F>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>, _ f: Signal<F>
    ) -> Signal<(A, B, C, D, E, F)> where Value == (A, B, C, D, E, F) {
        zip(a, b, c, d, e, f, reduce: { ($0, $1, $2, $3, $4, $5) })
            .named("+zip: \(describeSignals([a, b, c, d, e, f]))")
    }

    /// Zips six signals and sends `reduce` of each set of n-th values (RAC's `+zip:reduce:`).
    /// Terminates and delivers as the any-arity `zip(_:reduce:)` does (it is that operator at
    /// this arity, declared so that calls type-check quickly).
    @inlinable
    public static func zip<A, B, C, D, E, F>(
        _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, _ d: Signal<D>, _ e: Signal<E>, _ f: Signal<F>,
        reduce: @escaping @Sendable (A, B, C, D, E, F) -> Value
    ) -> Signal<Value> {
        OperatorSignal((a, b, c, d, e, f)) { subscriber, signals in
            let x = RingBuffer<A>()
            let y = RingBuffer<B>()
            let z = RingBuffer<C>()
            let u = RingBuffer<D>()
            let v = RingBuffer<E>()
            let w = RingBuffer<F>()
            let sink = ZipSink<Value>(downstream: subscriber, buffers: [x, y, z, u, v, w]) {
                reduce(
                    x.removeFirst(), y.removeFirst(), z.removeFirst(),
                    u.removeFirst(), v.removeFirst(), w.removeFirst()
                )
            }
            return startZip(subscriber, sink) {
                sink.subscribeInput(signals.0, x, 0)
                sink.subscribeInput(signals.1, y, 1)
                sink.subscribeInput(signals.2, z, 2)
                sink.subscribeInput(signals.3, u, 3)
                sink.subscribeInput(signals.4, v, 4)
                sink.subscribeInput(signals.5, w, 5)
            }
        }
        .named("+zip: \(describeSignals([a, b, c, d, e, f])) reduce:")
    }
}

/// The three-signal combineLatest, each set of latest values passed through `reduce` where
/// they are read (the tuple form's `reduce` makes the tuple). RAC's `+combineLatest:reduce:` is
/// a `-reduceEach:` over `+combineLatest:`; here the reduce runs in the combineLatest's own
/// `combine`, under its lock, where RAC's map block runs too (inside the combined signal's
/// `-sendNext:`): a map stage of its own was one more object per subscription (its sink) and one
/// more hop per value (W23). `reduce` lives in the inputs' object (`CombineLatestInputs3`), so
/// that `combine` still captures that one reference and needs no context. Inlinable so that
/// `combine` and the inputs are made with the caller's types (see `startCombineLatest`).
@inlinable
func makeCombineLatest3<A, B, C, Output>(
    _ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>, reduce: @escaping (A, B, C) -> Output
) -> Signal<Output> {
    OperatorSignal((a, b, c, reduce)) { subscriber, payload in
        let sink = CombineLatestSink<Output>(downstream: subscriber, inputCount: 3)
        let inputs = CombineLatestInputs3<A, B, C, Output, A?>(
            sink, CombineLatestInput(sink, ownSubscriberOf: payload.1.plainSubjectUnlessWrapped),
            CombineLatestInput(sink, ownSubscriberOf: payload.2.plainSubjectUnlessWrapped), reduce: payload.3,
            ownSubscriberOf: payload.0.plainSubjectUnlessWrapped)
        // `startCombineLatest`'s steps, but the third input's subscription joins the
        // subscription right after the inputs' compound, not in it: a compound keeps two
        // children inline, and the third took an array of its own (one allocation per live
        // subscription; Benchmarks/HISTORY.md, "Issue 37: combineLatest's memory, sixth pass
        // (helper, 2026-12-03)"). RAC's `+combineLatest:` of three nests the same way (the
        // outer block's compound holds the first two's subscription and the third's), and the
        // order is unchanged: the first two, then the third, each disposed at once if the
        // result ended while the inputs were being subscribed.
        sink.combine = { [inputs] in inputs.reduce(inputs.latest, inputs.second.latest, inputs.third.latest) }
        subscriber.didSubscribe(with: sink.disposable)
        sink.subscribeInput(payload.0, inputs, into: inputs)
        sink.subscribeInput(payload.1, inputs.second, into: inputs)
        let third = sink.subscribeLastInput(payload.2, inputs.third)
        sink.joinInputs(inputs)
        sink.disposable.add(third)
        return sink.disposable
    }
}
