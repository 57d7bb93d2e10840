extension Signal {
    /// Sends `transform(value)` for each value (RAC's `-map:`). Terminal events pass through.
    // Inlinable so the caller builds the signal and its sinks with its own cached type metadata
    // instead of a runtime lookup per call (W6 builds and subscribes a chain per cycle; see
    // `LiftedSignal`). `consuming`: a source built in the same expression
    // (`Signal.return(x).map(f)`) moves into the signal instead of being retained for it and
    // released after.
    //
    // Always inlined, with the fusion in a function of its own: the caller then tests for a
    // `return` source with its own metadata (a pointer compare) instead of a run-time cast,
    // which it did once the fusion made `map` too large to inline (W6 +3% instructions;
    // Benchmarks/HISTORY.md, "Issue 20, third session").
    @inlinable @inline(__always)
    public consuming func map<U>(_ transform: consuming @escaping @Sendable (Value) -> U) -> Signal<U> {
        // `copy`: moving the consuming closure into a lifted signal's payload released it once too
        // often (Swift 6.3; the filter marble test crashed on a freed closure context).
        if let constant = self as? ReturnSignal<Value> {
            let signal = MapReturnSignal(constant, transform: copy transform)
            return signal.named("[\(constant.name)] -map:")
        }
        return (consume self).mapFusing(copy transform)
    }

    /// `map` of any signal but a `return`.
    @inlinable
    consuming func mapFusing<U>(_ transform: @escaping (Value) -> U) -> Signal<U> {
        var source = consume self
        // A map that keeps the value type joins the fused signal it is applied to, when it fits
        // and nothing else can reach that signal (MapFusion.swift).
        if U.self == Value.self,
           FusibleMapSignal.fuse(&source, map: transform as! (Value) -> Value) {
            return source.named("[\(source.name)] -map:") as! Signal<U>
        }
        let signal = (consume source).mapInternally(transform)
        return signal.named("[\(signal.sourceName)] -map:")
    }

    /// Sends `value` in place of each value (RAC's `-mapReplace:`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func mapReplace<U>(_ value: U) -> Signal<U> {
        mapInternally { _ in value }.named("[\(name)] -mapReplace: \(value)")
    }

    /// `map` for the library's own operators, whose closures need not be `@Sendable` (they
    /// capture values of any type, immutable once built).
    @inlinable
    consuming func mapInternally<U>(_ transform: @escaping (Value) -> U) -> MapFilterSignal<Value, U> {
        MapFilterSignal(self, transform) { downstream, transform, stages in
            if let secondTransform = stages.secondTransform {
                if let thirdTransform = stages.thirdTransform {
                    return ThreeStageMapFilterSink(
                        downstream: downstream, transform: transform, isIncluded: stages.predicate,
                        secondTransform: secondTransform.apply, secondIsIncluded: stages.secondPredicate,
                        thirdTransform: thirdTransform.apply, thirdIsIncluded: stages.thirdPredicate,
                        step: { ThreeStageMapFilterSink.run($0, $1) })
                }
                if let predicate = stages.predicate, stages.secondPredicate == nil {
                    return MapFilterMapSink(downstream: downstream, transform: transform, isIncluded: predicate.test,
                                            secondTransform: secondTransform.apply)
                }
                return TwoStageMapFilterSink(downstream: downstream, transform: transform, isIncluded: stages.predicate,
                                             secondTransform: secondTransform.apply, secondIsIncluded: stages.secondPredicate,
                                             step: { TwoStageMapFilterSink.run($0, $1) })
            }
            if let predicate = stages.predicate {
                return MapFilterSink(downstream: downstream, transform: transform, isIncluded: predicate.test,
                                     step: { MapFilterSink.run($0, $1) })
            }
            // A `subscribeNext` below (the usual end of a chain, the exact class): the step
            // calls its closure itself, with the check its `sendNext` makes, instead of its
            // `Subscriber` witness, a call of its own per value (S3 141.4 -> 132.4 instructions
            // per value; Benchmarks/HISTORY.md, "Issue 37: a flattenMap's live inner subject and
            // map into subscribeNext, thirteenth pass"). Chosen once per subscription, by a
            // compare of metadata pointers.
            if type(of: downstream) == NextSubscriber<U>.self {
                return MapSink(downstream: downstream, transform: transform) { value, object in
                    let sink = knownClassCast(object, to: MapSink<Value, U>.self)
                    let mapped = sink.transform(value)
                    // Tested just above; `downstream` is a `let` of the sink, which the caller
                    // holds across the step.
                    withKnownClassBorrowed(sink.downstream, as: NextSubscriber<U>.self) { $0.deliver(mapped) }
                }
            }
            // Compiled here, where the value types are concrete (see `MapSink.step`); it
            // captures nothing, so it is no allocation.
            return MapSink(downstream: downstream, transform: transform) { value, object in
                let sink = knownClassCast(object, to: MapSink<Value, U>.self)
                // The transform first: `sink.downstream.sendNext(sink.transform(value))` reads the
                // subscriber before the call and keeps it in saved registers across it.
                let mapped = sink.transform(value)
                sink.downstream.sendNext(mapped)
            }
        }
    }
}

/// Stateless: no lock (the source serializes) and no disposable of its own (the source's
/// subscription is the whole subscription).
@usableFromInline
final class MapSink<Source, Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    @usableFromInline let transform: (Source) -> Value
    /// What a value does, `downstream.sendNext(transform(value))`, compiled in `map`'s caller,
    /// where the value types are concrete. Run here, in generic code, the transform's result
    /// needed a stack slot sized from its type's metadata and a call of its `destroy` value
    /// witness per value (S3: 57 instructions per value in the sink, the transform included).
    /// A closure of its own beside the transform, not one capturing it: the fused sinks
    /// (MapFusion.swift) need the bare transform, which the signal keeps, and a step that
    /// captures nothing is no allocation. It costs the sink 16 bytes (S3 168.2 -> 155.2
    /// instructions per value; Benchmarks/HISTORY.md, "Issue 37: map's sinks and the create
    /// block, third pass").
    /// Its second argument is the sink (as an object, so that a `create` block's subscriber,
    /// which knows the source type only, can call it: `PassthroughSubscriber.step`).
    let step: (Source, AnyObject) -> Void

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value,
         step: @escaping (Source, AnyObject) -> Void) {
        self.transform = transform
        self.step = step
        super.init(downstream: downstream)
    }

    /// A sink whose step is compiled here, in generic code (for callers in generic code).
    convenience init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value) {
        self.init(downstream: downstream, transform: transform) { value, object in
            let sink = knownClassCast(object, to: MapSink.self)
            let mapped = sink.transform(value)
            sink.downstream.sendNext(mapped)
        }
    }

    // Always inlined into its `Subscriber` witness, as every map and filter sink's `sendNext`
    // is: left to the optimizer, W2 +2.4%, W3 +3.7%, R2 +2.2% instructions per event
    // (Benchmarks/HISTORY.md, "Issue 26").
    @inline(__always) @usableFromInline
    func sendNext(_ value: Source) { step(value, self) }
}
