/// A `map` and the `filter` fused into it (`MapFilterSignal`): the transform, then the test,
/// for each value — what a `MapSink` feeding a `FilterSink` does, with one object and one
/// call per value fewer. Stateless, as they are.
@usableFromInline
final class MapFilterSink<Source, Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    @usableFromInline let transform: (Source) -> Value
    @usableFromInline let isIncluded: (Value) -> Bool
    /// The transform and the test for one value, compiled in `map`'s caller, as `MapSink.step` is.
    private let step: (Source, MapFilterSink) -> Void

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value, isIncluded: @escaping (Value) -> Bool,
         step: @escaping (Source, MapFilterSink) -> Void) {
        self.transform = transform
        self.isIncluded = isIncluded
        self.step = step
        super.init(downstream: downstream)
    }

    // Always inlined, as `MapSink.sendNext` is (measured there).
    @inline(__always) @usableFromInline
    func sendNext(_ value: Source) { step(value, self) }

    /// What `step` does.
    @inlinable @inline(__always)
    static func run(_ value: Source, _ sink: MapFilterSink) {
        let mapped = sink.transform(value)
        if sink.isIncluded(mapped) { sink.downstream.sendNext(mapped) }
    }
}

/// A fused signal's two stages (`MapFilterSignal`): the first transform, its test if any, the
/// second transform, its test if any, for each value — what a sink per operator would do, one
/// after the other, with one object and one call per value. Stateless, as they are.
@usableFromInline
final class TwoStageMapFilterSink<Source, Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    @usableFromInline let transform: (Source) -> Value
    @usableFromInline let isIncluded: Predicate<Value>?
    @usableFromInline let secondTransform: (Value) -> Value
    @usableFromInline let secondIsIncluded: Predicate<Value>?
    /// The stages for one value, compiled in `map`'s caller, as `MapSink.step` is.
    private let step: (Source, TwoStageMapFilterSink) -> Void

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value, isIncluded: Predicate<Value>?,
         secondTransform: @escaping (Value) -> Value, secondIsIncluded: Predicate<Value>?,
         step: @escaping (Source, TwoStageMapFilterSink) -> Void) {
        self.transform = transform
        self.isIncluded = isIncluded
        self.secondTransform = secondTransform
        self.secondIsIncluded = secondIsIncluded
        self.step = step
        super.init(downstream: downstream)
    }

    // Always inlined, as `MapSink.sendNext` is (measured there).
    @inline(__always) @usableFromInline
    func sendNext(_ value: Source) { step(value, self) }

    /// What `step` does.
    // Optional chaining calls the tests borrowed; `if let` would copy each one (a retain and a
    // release of its context per value).
    @inlinable @inline(__always)
    static func run(_ value: Source, _ sink: TwoStageMapFilterSink) {
        let mapped = sink.transform(value)
        if sink.isIncluded?.test(mapped) == false { return }
        let remapped = sink.secondTransform(mapped)
        if sink.secondIsIncluded?.test(remapped) == false { return }
        sink.downstream.sendNext(remapped)
    }
}

/// A fused signal's two stages when only the first has a test (`s.map(f).filter(p).map(g)`):
/// `TwoStageMapFilterSink` without the two optional tests' slots it would keep empty or never
/// need to unwrap, so a live subscription is 80 bytes, not 96 (Benchmarks/HISTORY.md, "Issue 37:
/// memory per live subscription, second pass (helper, 2026-12-02)"). Stateless, as it is.
@usableFromInline
final class MapFilterMapSink<Source, Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    private let transform: (Source) -> Value
    private let isIncluded: (Value) -> Bool
    private let secondTransform: (Value) -> Value

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value, isIncluded: @escaping (Value) -> Bool,
         secondTransform: @escaping (Value) -> Value) {
        self.transform = transform
        self.isIncluded = isIncluded
        self.secondTransform = secondTransform
        super.init(downstream: downstream)
    }

    // Always inlined, as `MapSink.sendNext` is (measured there). The second transform before
    // the subscriber is read, as in `MapSink`'s step.
    @inline(__always) @usableFromInline
    func sendNext(_ value: Source) {
        let mapped = transform(value)
        guard isIncluded(mapped) else { return }
        let remapped = secondTransform(mapped)
        downstream.sendNext(remapped)
    }
}

/// A fused signal's three stages (`MapFilterSignal`), as `TwoStageMapFilterSink` runs two.
@usableFromInline
final class ThreeStageMapFilterSink<Source, Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    @usableFromInline let transform: (Source) -> Value
    @usableFromInline let isIncluded: Predicate<Value>?
    @usableFromInline let secondTransform: (Value) -> Value
    @usableFromInline let secondIsIncluded: Predicate<Value>?
    @usableFromInline let thirdTransform: (Value) -> Value
    @usableFromInline let thirdIsIncluded: Predicate<Value>?
    /// The stages for one value, compiled in `map`'s caller, as `MapSink.step` is (and for the
    /// same reason: run here, each result took a stack slot sized from its type's metadata).
    private let step: (Source, ThreeStageMapFilterSink) -> Void

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value, isIncluded: Predicate<Value>?,
         secondTransform: @escaping (Value) -> Value, secondIsIncluded: Predicate<Value>?,
         thirdTransform: @escaping (Value) -> Value, thirdIsIncluded: Predicate<Value>?,
         step: @escaping (Source, ThreeStageMapFilterSink) -> Void) {
        self.step = step
        self.transform = transform
        self.isIncluded = isIncluded
        self.secondTransform = secondTransform
        self.secondIsIncluded = secondIsIncluded
        self.thirdTransform = thirdTransform
        self.thirdIsIncluded = thirdIsIncluded
        super.init(downstream: downstream)
    }

    // Always inlined, as `MapSink.sendNext` is (measured there).
    @inline(__always) @usableFromInline
    func sendNext(_ value: Source) { step(value, self) }

    /// What `step` does: the stages in order, each test on what its transform returned.
    // Optional chaining calls the tests borrowed, as in `TwoStageMapFilterSink`.
    @inlinable @inline(__always)
    static func run(_ value: Source, _ sink: ThreeStageMapFilterSink) {
        let mapped = sink.transform(value)
        if sink.isIncluded?.test(mapped) == false { return }
        let remapped = sink.secondTransform(mapped)
        if sink.secondIsIncluded?.test(remapped) == false { return }
        let last = sink.thirdTransform(remapped)
        if sink.thirdIsIncluded?.test(last) == false { return }
        sink.downstream.sendNext(last)
    }
}
