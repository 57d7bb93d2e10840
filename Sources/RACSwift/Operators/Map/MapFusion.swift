// Map/filter fusion: a chain of `map` and `filter` calls is built with fewer signals and sinks
// than operators, and nothing can tell.
//
// The rule. A `map` builds a fused signal (`MapFilterSignal`) whose first stage is its
// transform, from the source's type to the signal's value type. Up to three stages fit in one
// signal: the first, and two more whose transforms keep the value type; each stage may end
// with one filter. An operator applied to a fused signal that nothing else can reach joins
// it, in place, when it fits — a `filter` when the last stage has no filter yet, a `map` from
// the value type to itself when there are fewer than three stages — and otherwise builds its
// own signal, which starts the next fused signal. So `s.map(f).filter(p).map(g).filter(q)` is
// one signal and one sink per subscription (`TwoStageMapFilterSink`); six (map, filter) pairs
// are two of each (R5), ten maps four (W3). (Workload ids: BENCHMARKS.md, "The workloads";
// the measurements below: Benchmarks/HISTORY.md, "Issue 20, third session", 3c.)
//
// "Nothing else can reach" (`FusibleMapSignal.unobserved`): the operator's receiver is the
// only strong reference to the signal and there is no weak or unowned one, through which the
// signal could be seen or subscribed on its own. Then nothing can observe the difference:
// the signal as it was is never seen again; the caller names the result, under
// RAC_DEBUG_SIGNAL_NAMES, from the name the signal had, as it would name its own signal —
// and without it, a signal someone named is never joined (`isNamed`), since the operator's
// own signal would have no name; and
// the sink does for each value what the separate sinks would, in their order — each
// transform, then each test on what it returned — and passes terminal events and the
// subscription on unchanged, stateless as they are. A chain only fuses where it is built
// without keeping the intermediate signal: one expression, or a variable the compiler moves
// from (`s = (consume s).map(f)`); a variable read and reassigned later may still hold the
// signal while the operator runs, and then each operator builds its own signal, as before.
//
// Why later stages keep the value type. Joining in place needs the signal to be of the
// result's type already; and a stage that changes the type would need a new signal and sink
// typed by the first stage's source, which the later `map` does not know: it would reach
// them through a generic method override, building both in the library's unspecialized code
// with run-time metadata and conformance look-ups per build and per subscription. Measured
// that way, two stages (callgrind, R5 with its chain built so that it fuses): 14,886
// instructions per cycle, of which about 3,000 in the look-ups, against 12,772 unfused — more
// than the sinks saved; joined in place, with every sink built by the factory formed in
// `map`'s caller: 10,443 with two stages, 9,531 with three. Why three: each stage costs every
// map signal its fields, set up and released even when nothing joins (R5 built so that
// nothing fuses: 12,954 instructions per cycle with two stages, 13,089 with three, 13,072
// before any of this), a test per value in the sink, and a sink class; a fourth would save
// less (one sink in R5) for the same costs.

/// A transform that keeps the value type, carried to a sink (a fused signal's later stages):
/// in a struct, so that the closure keeps the form the sink's field has (see `Predicate`).
@usableFromInline @frozen
struct ValueTransform<Value> {
    @usableFromInline let apply: (Value) -> Value

    @inlinable
    init(_ apply: @escaping (Value) -> Value) { self.apply = apply }
}

/// The part of a fused map/filter signal that an operator applied to it reaches knowing only
/// its value type.
@usableFromInline
class FusibleMapSignal<Value>: Signal<Value>, @unchecked Sendable {
    // Every stage but the first transform: what operators applied to the signal add, knowing
    // only its value type. Changed only by `fuse`, while the signal is referenced by nothing
    // but the operator that fuses into it, and read by every subscription after: no lock and
    // no dynamic exclusivity check is needed. In structs: an optional bare closure would be
    // reabstracted when unwrapped (see `LiftedSignal`), and a placeholder closure formed here,
    // in generic code, would capture the type's metadata in a context allocated per signal.
    // Not grouped in a struct of their own: generic code would copy it through its value
    // witnesses, looking its metadata up per subscription. With dynamic exclusivity checks,
    // R5 +51% instructions per cycle (Benchmarks/HISTORY.md, "Issue 26, the annotation audit").

    /// The first stage's filter.
    // Unchecked, measured: the optimizer keeps its dynamic check; W2 +90 %, R2 +52 %, R5 +60 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) final var predicate: Predicate<Value>?
    /// The second stage's transform.
    // Unchecked, measured: the optimizer keeps its dynamic check; W2 +90 %, R2 +52 %, R5 +60 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) final var secondTransform: ValueTransform<Value>?
    /// The second stage's filter.
    // Unchecked, measured: the optimizer keeps its dynamic check; W2 +90 %, R2 +52 %, R5 +60 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) final var secondPredicate: Predicate<Value>?
    /// The third stage's transform.
    // Unchecked, measured: the optimizer keeps its dynamic check; W3 +45 %, R2 +52 %, R5 +60 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) final var thirdTransform: ValueTransform<Value>?
    /// The third stage's filter.
    // Unchecked, measured: the optimizer keeps its dynamic check; R2 +52 %, R5 +60 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) final var thirdPredicate: Predicate<Value>?

    /// Given a name with RAC_DEBUG_SIGNAL_NAMES unset (`setName`): an operator's own signal
    /// would be unnamed, so joining it would show (issue 30, finding 3).
    // Unchecked, measured: the optimizer keeps its dynamic check; W6 +14 %, R5 +60 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) final var isNamed = false

    // Observing the setter costs nothing where no name is set; checking the name itself at
    // every join (or clearing it) cost R5 about 350 instructions per cycle.
    override var name: String {
        didSet { if !debugSignalNamesEnabled { isNamed = true } }
    }

    @usableFromInline
    override init() {}

    /// Fuses `filter(predicate)` into `signal` when the rule above allows it: `signal` is a
    /// fused signal nothing else can reach whose last stage has no filter. Returns whether it
    /// fused; `signal` is then the filtered signal.
    @inlinable
    static func fuse(_ signal: inout Signal<Value>, filter predicate: @escaping (Value) -> Bool) -> Bool {
        guard let fused = unobserved(&signal) else { return false }
        if fused.secondTransform == nil {
            guard fused.predicate == nil else { return false }
            fused.predicate = Predicate(predicate)
        } else if fused.thirdTransform == nil {
            guard fused.secondPredicate == nil else { return false }
            fused.secondPredicate = Predicate(predicate)
        } else {
            guard fused.thirdPredicate == nil else { return false }
            fused.thirdPredicate = Predicate(predicate)
        }
        return true
    }

    /// Fuses `map(transform)` into `signal` as its next stage when the rule above allows it:
    /// `signal` is a fused signal nothing else can reach with fewer than three stages. Returns
    /// whether it fused; `signal` is then the mapped signal.
    @inlinable
    static func fuse(_ signal: inout Signal<Value>, map transform: @escaping (Value) -> Value) -> Bool {
        guard let fused = unobserved(&signal), fused.thirdTransform == nil else { return false }
        if fused.secondTransform == nil {
            fused.secondTransform = ValueTransform(transform)
        } else {
            fused.thirdTransform = ValueTransform(transform)
        }
        return true
    }

    /// `signal` as a fused signal, if it is one that no other strong, weak or unowned
    /// reference can reach and that was not named (`isNamed`).
    @inlinable
    static func unobserved(_ signal: inout Signal<Value>) -> FusibleMapSignal<Value>? {
        guard SoleReference.isOnlyStrongReference(&signal), let fused = signal as? FusibleMapSignal<Value>,
              !fused.isNamed, fused.hasNoWeakOrUnownedReferences else { return nil }
        return fused
    }

    // The runtime's counts, read in `SoleReference` (what they assume, and the test that pins it).
    @usableFromInline
    final var hasNoWeakOrUnownedReferences: Bool { SoleReference.hasNoWeakOrUnownedReferences(self) }
}

/// The signal of `map`, with whatever was fused into it (`FusibleMapSignal`): a subscription
/// builds one sink for all its stages — `MapSink`, `MapFilterSink`, `TwoStageMapFilterSink` or
/// `ThreeStageMapFilterSink`, chosen by `makeSink`. The factory is formed in `map`'s caller, so
/// every sink is built with the caller's cached metadata (see `LiftedSignal`); one factory
/// choosing among them keeps the signal smaller than a factory per sink would. The transform sits in a
/// field of function type, as `LiftedPredicateSignal`'s predicate does, for the same reason.
@usableFromInline
final class MapFilterSignal<Source, Value>: FusibleMapSignal<Value>, @unchecked Sendable {
    @usableFromInline
    typealias MakeSink = (
        _ downstream: any Subscriber<Value>, _ transform: @escaping (Source) -> Value, _ stages: FusibleMapSignal<Value>
    ) -> any Subscriber<Source>

    private let source: Signal<Source>
    private let transform: (Source) -> Value
    private let makeSink: MakeSink

    @usableFromInline
    init(source: Signal<Source>, transform: @escaping (Source) -> Value, makeSink: @escaping MakeSink) {
        self.source = source
        self.transform = transform
        self.makeSink = makeSink
    }

    @inlinable
    convenience init(_ source: Signal<Source>, _ transform: @escaping (Source) -> Value, sink makeSink: @escaping MakeSink) {
        self.init(source: source, transform: transform, makeSink: makeSink)
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        // The signal itself, for its stages: the factory copies only those it stores in the sink,
        // where passing each one would copy all three (a retain and a release each).
        let sink = makeSink(subscriber, transform, self)
        // Nothing fused in: the sink is a `MapSink`, whose step a `create` block's subscriber
        // calls itself.
        if predicate == nil, secondTransform == nil {
            return source.subscribe(mapSink: sink, step: knownClassCast(sink, to: MapSink<Source, Value>.self).step)
        }
        return source.subscribe(sink)
    }

    /// For the debug name.
    @usableFromInline
    var sourceName: String { source.name }
}

