/// A `map` and the `filter` fused into it (`MapFilterSignal`): the transform, then the test,
/// for each value — what a `MapSink` feeding a `FilterSink` does, with one object and one
/// call per value fewer. Stateless, as they are.
@usableFromInline
final class MapFilterSink<Source, Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    private let transform: (Source) -> Value
    private let isIncluded: (Value) -> Bool

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value, isIncluded: @escaping (Value) -> Bool) {
        self.transform = transform
        self.isIncluded = isIncluded
        super.init(downstream: downstream)
    }

    // Always inlined, as `MapSink.sendNext` is (measured there).
    @inline(__always) @usableFromInline
    func sendNext(_ value: Source) {
        let mapped = transform(value)
        if isIncluded(mapped) { downstream.sendNext(mapped) }
    }
}

/// A fused signal's two stages (`MapFilterSignal`): the first transform, its test if any, the
/// second transform, its test if any, for each value — what a sink per operator would do, one
/// after the other, with one object and one call per value. Stateless, as they are.
@usableFromInline
final class TwoStageMapFilterSink<Source, Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    private let transform: (Source) -> Value
    private let isIncluded: Predicate<Value>?
    private let secondTransform: (Value) -> Value
    private let secondIsIncluded: Predicate<Value>?

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value, isIncluded: Predicate<Value>?,
         secondTransform: @escaping (Value) -> Value, secondIsIncluded: Predicate<Value>?) {
        self.transform = transform
        self.isIncluded = isIncluded
        self.secondTransform = secondTransform
        self.secondIsIncluded = secondIsIncluded
        super.init(downstream: downstream)
    }

    // Optional chaining calls the tests borrowed; `if let` would copy each one (a retain and a
    // release of its context per value).
    // Always inlined, as `MapSink.sendNext` is (measured there).
    @inline(__always) @usableFromInline
    func sendNext(_ value: Source) {
        let mapped = transform(value)
        if isIncluded?.test(mapped) == false { return }
        let remapped = secondTransform(mapped)
        if secondIsIncluded?.test(remapped) == false { return }
        downstream.sendNext(remapped)
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
    private let transform: (Source) -> Value
    private let isIncluded: Predicate<Value>?
    private let secondTransform: (Value) -> Value
    private let secondIsIncluded: Predicate<Value>?
    private let thirdTransform: (Value) -> Value
    private let thirdIsIncluded: Predicate<Value>?

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value, isIncluded: Predicate<Value>?,
         secondTransform: @escaping (Value) -> Value, secondIsIncluded: Predicate<Value>?,
         thirdTransform: @escaping (Value) -> Value, thirdIsIncluded: Predicate<Value>?) {
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
    func sendNext(_ value: Source) {
        let mapped = transform(value)
        if isIncluded?.test(mapped) == false { return }
        let remapped = secondTransform(mapped)
        if secondIsIncluded?.test(remapped) == false { return }
        let last = thirdTransform(remapped)
        if thirdIsIncluded?.test(last) == false { return }
        downstream.sendNext(last)
    }
}
