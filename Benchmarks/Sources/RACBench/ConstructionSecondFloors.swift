// Second floors for the construction workloads R6 and R7, and for the flatMap workloads that
// reuse their parts (R3, D1, Z) (issue 37, goal 1): the least code that does the work RAC's
// semantics require of a build-subscribe-send-dispose cycle where the closure baseline does less.
// The baseline builds each stage as a closure per subscription and never disposes; RAC's `-flattenMap:` and `+combineLatest:` return signals — descriptions that
// can be subscribed any number of times — and every subscription returns a disposable that
// stops it from any thread and then holds nothing (so a disposed subscription still held, or
// one whose source dies undisposed, keeps no subscriber alive). What these add, per cycle:
//
// - a signal per operator, built once and subscribed (the baseline's stage closures are its
//   subscriptions);
// - per subscription of a merge point, the point (its lock: inner signals and inputs may send
//   from any thread; its state) and a disposable of its own, separate from the point: the
//   point refers to its subscriber, the disposable must not, and a chain of points whose
//   disposables were the points would form a cycle (a point holds its source's subscription,
//   the source's point holds it as its subscriber) that only a disposal breaks;
// - per subscription of a subject, an entry that removes itself when disposed;
// - for combineLatest, the compound RAC's `createSignal` block gathers its inputs'
//   subscriptions in before they join the subscription (RAC's order when an input ends the
//   result while the inputs are being subscribed).
//
// What it leaves out, because R6 and R7 never exercise it: terminal events, errors, the
// `Scheduler` rules. Linux only (Synchronization's `Mutex`, inline, as RACSwift's lock is).
#if canImport(Glibc)
import Synchronization

/// A disposable as a subscription needs one: disposed once from any thread, disposing what it
/// holds (two slots, all R6 and R7 need), releasing it, and disposing at once whatever is
/// added after.
class FloorDisposable: @unchecked Sendable {
    private struct State {
        var disposed = false
        var first: FloorDisposable?
        var second: FloorDisposable?
    }
    private let state = Mutex(State())

    final var isDisposed: Bool { state.withLock { $0.disposed } }

    final func add(_ child: FloorDisposable) {
        let late = state.withLock { s -> Bool in
            if s.disposed { return true }
            if s.first == nil { s.first = child } else { s.second = child }
            return false
        }
        if late { child.dispose() }
    }

    final func dispose() {
        let (a, b) = state.withLock { s -> (FloorDisposable?, FloorDisposable?) in
            if s.disposed { return (nil, nil) }
            s.disposed = true
            defer { s.first = nil; s.second = nil }
            return (s.first, s.second)
        }
        a?.dispose()
        b?.dispose()
        didDispose()
    }

    func didDispose() {}
}

/// A subject's list of observers, each subscription an entry that takes itself out.
final class FloorSubject: @unchecked Sendable {
    final class Entry: FloorDisposable, @unchecked Sendable {
        let observer: Sink
        let subject: FloorSubject
        init(_ observer: @escaping Sink, _ subject: FloorSubject) {
            self.observer = observer
            self.subject = subject
        }
        override func didDispose() { subject.remove(self) }
    }

    private let entries = Mutex<[Entry]>([])

    func subscribe(_ observer: @escaping Sink) -> FloorDisposable {
        let entry = Entry(observer, self)
        entries.withLock { $0.append(entry) }
        return entry
    }

    func remove(_ entry: Entry) {
        entries.withLock { list in
            if let i = list.lastIndex(where: { $0 === entry }) { list.remove(at: i) }
        }
    }

    /// A copy of the list is walked (RAC enumerates a copy), so an observer may subscribe or
    /// dispose while it receives.
    func send(_ value: Int) {
        let current = entries.withLock { $0 }
        for entry in current where !entry.isDisposed { entry.observer(value) }
    }
}

/// A signal: subscribing it builds a subscription and returns its disposable.
typealias FloorSignal = (@escaping Sink) -> FloorDisposable

@inline(never)
func floorSubjectSignal(_ subject: FloorSubject) -> FloorSignal {
    { subject.subscribe($0) }
}

/// One subscription of a flatMap: the inners' values go out under the point's lock, not after
/// its disposal.
final class FloorMergePoint: @unchecked Sendable {
    private let lock = Mutex(0)  // guards the count of active inners, serializes the output
    private let downstream: Sink
    private let transform: (Int) -> Cold
    let disposable = FloorDisposable()

    init(_ downstream: @escaping Sink, _ transform: @escaping (Int) -> Cold) {
        self.downstream = downstream
        self.transform = transform
    }

    func next(_ value: Int) {
        if disposable.isDisposed { return }
        let inner = transform(value)
        lock.withLock { $0 += 1 }
        inner { [self] v in
            lock.withLock { _ in if !disposable.isDisposed { downstream(v) } }
        }
        // A constant inner completes after its value.
        lock.withLock { $0 -= 1 }
    }
}

@inline(never)
func floorFlatMap(_ source: @escaping FloorSignal, _ transform: @escaping (Int) -> Cold) -> FloorSignal {
    { downstream in
        let point = FloorMergePoint(downstream, transform)
        point.disposable.add(source { [point] in point.next($0) })
        return point.disposable
    }
}

/// One subscription of a combineLatest of two: the latest values under the lock.
final class FloorCombinePoint: @unchecked Sendable {
    private struct Latest {
        var a = 0, b = 0, hasA = false, hasB = false
    }
    private let lock = Mutex(Latest())
    private let downstream: Sink
    let disposable = FloorDisposable()
    /// RAC's `createSignal` block's compound: the inputs' subscriptions, joined to
    /// `disposable` once both are subscribed.
    let inputs = FloorDisposable()

    init(_ downstream: @escaping Sink) { self.downstream = downstream }

    func received(a value: Int) {
        lock.withLock { l in
            l.a = value; l.hasA = true
            if l.hasB, !disposable.isDisposed { downstream(l.a &+ l.b) }
        }
    }

    func received(b value: Int) {
        lock.withLock { l in
            l.b = value; l.hasB = true
            if l.hasA, !disposable.isDisposed { downstream(l.a &+ l.b) }
        }
    }
}

@inline(never)
func floorCombineLatest(_ a: @escaping FloorSignal, _ b: @escaping FloorSignal) -> FloorSignal {
    { downstream in
        let point = FloorCombinePoint(downstream)
        point.inputs.add(a { [point] in point.received(a: $0) })
        point.inputs.add(b { [point] in point.received(b: $0) })
        point.disposable.add(point.inputs)
        return point.disposable
    }
}

/// One live subscription of a combineLatest of three (the memory table's "combine3" shape, the
/// second floor of `measureMoreMemory`): what RAC's `+combineLatest:` keeps per subscription — per
/// input a subscription whose disposable takes it out of its subject, a compound disposable
/// (RAC's `createSignal` block's, which the subscription's holds), the latest values with their
/// "has value" state, and the lock that serializes them and the output.
/// The third input's subscription sits in `disposable` beside `inputs`, since a `FloorDisposable`
/// has two slots: the same work, about 40 B more than one three-slot compound would take.
final class FloorCombinePoint3: @unchecked Sendable {
    private struct Latest {
        var a = 0, b = 0, c = 0
        var has: UInt8 = 0
    }
    private let lock = Mutex(Latest())
    private let downstream: Sink
    let disposable = FloorDisposable()
    /// RAC's `createSignal` block's compound: the first two inputs' subscriptions.
    let inputs = FloorDisposable()

    init(_ downstream: @escaping Sink) { self.downstream = downstream }

    private func received(_ store: (inout Latest) -> Void) {
        lock.withLock { l in
            store(&l)
            if l.has == 7, !disposable.isDisposed { downstream(l.a &+ l.b &+ l.c) }
        }
    }

    func received(a value: Int) { received { $0.a = value; $0.has |= 1 } }
    func received(b value: Int) { received { $0.b = value; $0.has |= 2 } }
    func received(c value: Int) { received { $0.c = value; $0.has |= 4 } }
}

/// Subscribes one `FloorCombinePoint3` to the three subjects (one closure per input in each
/// subject's entry, as the closure floor's inputs are) and returns it.
@inline(never)
func floorCombineLatest3(_ a: FloorSubject, _ b: FloorSubject, _ c: FloorSubject, _ downstream: @escaping Sink)
    -> FloorCombinePoint3 {
    let point = FloorCombinePoint3(downstream)
    point.inputs.add(a.subscribe { [point] in point.received(a: $0) })
    point.inputs.add(b.subscribe { [point] in point.received(b: $0) })
    let third = c.subscribe { [point] in point.received(c: $0) }
    point.disposable.add(point.inputs)
    point.disposable.add(third)
    return point
}

/// A compound whose children leave it when they finish: the `RACCompoundDisposable` RAC's `-bind:`
/// keeps per subscription, from which each completed inner's disposable is removed
/// (`removeDisposable:`). A slot table with its free slots chained through it: an insertion
/// names its slot, so a removal is O(1) whatever the number alive, and the table never holds
/// more slots than were alive at once.
final class FloorCompound: FloorDisposable, @unchecked Sendable {
    private enum Slot {
        case child(FloorDisposable)
        case free(next: Int)  // -1 ends the chain
    }
    private struct Table {
        var slots: [Slot] = []
        var firstFree = -1
    }
    private let table = Mutex<Table?>(Table())

    /// The child's slot, for `remove`; -1 if the compound was disposed (the child is disposed).
    func insert(_ child: FloorDisposable) -> Int {
        let slot = table.withLock { t -> Int in
            guard t != nil else { return -1 }
            let i = t!.firstFree
            if i < 0 {
                t!.slots.append(.child(child))
                return t!.slots.count - 1
            }
            if case .free(let next) = t!.slots[i] { t!.firstFree = next }
            t!.slots[i] = .child(child)
            return i
        }
        if slot < 0 { child.dispose() }
        return slot
    }

    func remove(slot i: Int) {
        guard i >= 0 else { return }
        table.withLock { t in
            guard t != nil else { return }
            t!.slots[i] = .free(next: t!.firstFree)
            t!.firstFree = i
        }
    }

    override func didDispose() {
        let all = table.withLock { t -> [Slot] in
            defer { t = nil }
            return t?.slots ?? []
        }
        for case .child(let child) in all { child.dispose() }
    }
}

/// A flatMap point over hot inners, as RAC's `-bind:` runs one: the count of live signals starts
/// at one for the source (`signalCount = 1`), each inner adds one, each finished inner takes one
/// and leaves the compound; the count reaching zero (source and every inner done) completes.
extension FloorMergePoint {
    func countSource() { lock.withLock { $0 += 1 } }

    /// The inner's subscription and its slot in the compound.
    func add(inner: FloorSubject, to compound: FloorCompound) -> (FloorDisposable, Int) {
        lock.withLock { $0 += 1 }
        let entry = inner.subscribe { [self] v in
            lock.withLock { _ in if !disposable.isDisposed { downstream(v) } }
        }
        return (entry, compound.insert(entry))
    }

    /// An inner's completion: its subscription ends (RAC's subscriber disposes itself), the
    /// count drops, and the finished inner's disposable leaves the compound, or, at zero, the
    /// result completes and the whole subscription is disposed.
    func innerCompleted(_ added: (FloorDisposable, Int), in compound: FloorCompound, completed: () -> Void) {
        let (entry, slot) = added
        entry.dispose()
        let last = lock.withLock { c -> Bool in
            c -= 1
            return c == 0
        }
        if last {
            completed()
            disposable.dispose()
        } else {
            compound.remove(slot: slot)
        }
    }
}

/// Z's second floor: per round an outer floor subject and a flatMap point (its lock and its
/// disposable, holding the outer's entry and the inners' compound); per inner a removable entry
/// in its subject, added to the compound and removed when the inner completes.
func secondZ(_ size: Int) -> Impl? {
    .measured(
        "per round an outer subject's removable entry and a merge point with a lock and a disposable "
            + "of its own; per inner a removable subject entry in the point's compound, removed when "
            + "the inner completes, and the live-signal count that completes the result after the "
            + "outer and every inner (RAC's -bind: signalCount, removeDisposable:)"
    ) { n in
        let acc = Acc()
        let k = min(size, n)
        let sink = opaque { (v: Int) in acc.sum &+= v }
        for _ in 0..<(n / k) {
            let outer = FloorSubject()
            let point = FloorMergePoint(sink, justInner)
            let compound = FloorCompound()
            point.countSource()
            let inners = (0..<k).map { _ in FloorSubject() }
            var entries: [(FloorDisposable, Int)] = []
            entries.reserveCapacity(k)
            point.disposable.add(outer.subscribe { [point] i in
                entries.append(point.add(inner: inners[i], to: compound))
            })
            point.disposable.add(compound)
            for i in 0..<k { outer.send(i) }
            for (i, inner) in inners.enumerated() {
                inner.send(i)
                point.innerCompleted(entries[i], in: compound) {}
            }
            point.disposable.dispose()
        }
        return acc.sum
    }
}

nonisolated(unsafe) let secondR6: Impl? = .measured(
    "a signal per flatMap, built then subscribed; per subscription a merge point with a lock and a "
        + "disposable of its own (no subscriber in it); a removable subject entry"
) { n in
    let acc = Acc()
    for i in 0..<n {
        let s = FloorSubject()
        var signal = floorSubjectSignal(s)
        for _ in 0..<5 { signal = floorFlatMap(signal, justInner) }
        let d = signal { acc.sum &+= $0 }
        s.send(i)
        d.dispose()
    }
    return acc.sum
}

/// R3's second floor: R6's five flatMap points, built and subscribed once, then pumped. Per value
/// and stage what RAC's `-bind:` must do for an inner that is a constant: the disposed check, the
/// inner built by the transform, the live-signal count up and down under the point's lock, and the
/// inner's value sent under that lock unless the subscription was disposed meanwhile.
nonisolated(unsafe) let secondR3: Impl? = .measured(
    "R6's five flatMap points built and subscribed once; per value and stage a disposed check, the "
        + "live-signal count up and down under the point's lock, the inner's value sent under it "
        + "(RAC's -bind: with a constant inner)"
) { n in
    let acc = Acc()
    let s = FloorSubject()
    var signal = floorSubjectSignal(s)
    for _ in 0..<5 { signal = floorFlatMap(signal, justInner) }
    let d = signal { acc.sum &+= $0 }
    for i in 0..<n { s.send(i) }
    d.dispose()
    return acc.sum
}

nonisolated(unsafe) let secondR7: Impl? = .measured(
    "a signal, built then subscribed; per subscription a point with a lock, a disposable of its "
        + "own and the inputs' compound (RAC's createSignal block); two removable subject entries"
) { n in
    let acc = Acc()
    for i in 0..<n {
        let a = FloorSubject(), b = FloorSubject()
        let d = floorCombineLatest(floorSubjectSignal(a), floorSubjectSignal(b))(opaque { acc.sum &+= $0 })
        a.send(i)
        b.send(i)
        d.dispose()
    }
    return acc.sum
}
#else
nonisolated(unsafe) let secondR6: Impl? = nil
nonisolated(unsafe) let secondR3: Impl? = nil
nonisolated(unsafe) let secondR7: Impl? = nil
func secondZ(_ size: Int) -> Impl? { nil }
#endif
