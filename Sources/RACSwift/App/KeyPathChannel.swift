import Observation

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Observable where Self: AnyObject {
    /// A two-way terminal for the property at `keyPath` (RAC's `RACChannelTo(object, keyPath)`,
    /// a RACKVOChannel's following terminal).
    ///
    /// Its subscribers get the property's current value at once (replayed to each new
    /// subscriber), then its value after each change made by anyone but this terminal, as
    /// `signal(for:on:)` delivers them (`scheduler`, else `Scheduler.current` at the change,
    /// else a background scheduler). Values sent into it are set on the property, on the
    /// sending thread; those writes are not sent back to its subscribers. The object is held
    /// weakly; when it goes away the terminal completes, and so does whatever it is bound to.
    /// An error or completion sent into it ends the channel: the property is no longer
    /// observed or set. Until one of those, the channel observes the property, as RAC's KVO
    /// channel does until its target is deallocated; disposing a `bind(to:)` does not end it.
    public func channelTerminal<Value>(
        for keyPath: ReferenceWritableKeyPath<Self, Value> & Sendable, on scheduler: Scheduler? = nil
    ) -> ChannelTerminal<Value> {
        let channel = Channel<Value>()
        let writer = ChannelWriter()
        let observation = ObservationSignal(
            scheduler: scheduler, operatorName: "Observable.channelTerminal(for:on:)",
            writer: writer, read: weakRead(self, keyPath))
        channel.leadingTerminal.subscribe(PropertyWriteSink(writer: writer, write: weakWrite(self, keyPath)))
        // Subscribed after the writer, so that the current value is on the following terminal
        // when this returns; the subscription is kept by the channel until it ends.
        observation.subscribe(channel.leadingTerminal)
        channel.followingTerminal.setName("channelTerminal(\(type(of: self)), \(keyPath))")
        return channel.followingTerminal
    }
}

extension ChannelTerminal {
    /// Connects this terminal to `other` both ways, as RAC's
    /// `RACChannelTo(a, x) = RACChannelTo(b, y)` does with `a` this terminal's side and `b`
    /// `other`'s: this side first takes `other`'s current value, then the values of each side
    /// are sent into the other. Terminals made by `channelTerminal(for:on:)` do not echo the
    /// values they set, so nothing loops. The binding ends when either side completes (for a
    /// property terminal: when its object goes away), fails, or the result is disposed.
    @discardableResult
    public func bind(to other: ChannelTerminal<Value>) -> Disposable {
        let fromOther = other.subscribe(self)
        // The first value is this side's own current value, which `other` must not take.
        let toOther = skip(1).subscribe(other)
        return CompoundDisposable([fromOther, toOther])
    }
}

/// Marks the writes a property channel makes, so that its observation can tell them from
/// other changes: a change is reported synchronously, on the writing thread, where `current`
/// is this writer while it writes.
///
/// A synchronous observation ignores only the first change it is told of during the write
/// (`takeOwnChange()`, RACKVOChannel's `ignoreNextUpdate`): a change another observer makes
/// from inside its delivery of the write — a clamp — is a change like any other and reaches
/// the other side (issue 38, item 7). The asynchronous observation (Observation's one-shot
/// tracking) ignores every change during the write and, since the write used up its
/// tracking, tracks again once the write has finished: Observation reports only the first
/// change after a tracking is installed, and installing one from inside the write's `willSet`
/// would read the property inside its own setter (a deadlock for a model whose setter holds a
/// lock its getter takes), so a clamp made during the write is not seen (porting guide, "The
/// app layer").
final class ChannelWriter: @unchecked Sendable {
    @TaskLocal static var current: ChannelWriter?

    /// Set as a write begins, cleared by the first change the observation sees during it. A
    /// channel terminal's writes are serialized (it is a subscriber), and only the writing
    /// thread, inside the write (`current`), reads or clears it.
    private var ownChangeIsPending = false

    /// Whether a change seen now is this writer's own assignment — the first one seen during
    /// its write on this thread; true once per write.
    func takeOwnChange() -> Bool {
        guard ChannelWriter.current === self, ownChangeIsPending else { return false }
        ownChangeIsPending = false
        return true
    }

    private let lock = UnfairLock()
    private var observers: [WeakOwnWriteObserver] = []  // guarded by `lock`

    func add(_ observer: some OwnWriteObserver) {
        lock.withLock {
            observers.removeAll { $0.value == nil }
            observers.append(WeakOwnWriteObserver(value: observer))
        }
    }

    func write(_ body: () -> Void) {
        let outer = ownChangeIsPending
        ownChangeIsPending = true
        ChannelWriter.$current.withValue(self) { body() }
        ownChangeIsPending = outer
        for observer in lock.withLock({ observers }) {
            observer.value?.ownWriteFinished()
        }
    }
}

/// An observation that must track again after a channel's own write.
protocol OwnWriteObserver: AnyObject {
    func ownWriteFinished()
}

struct WeakOwnWriteObserver {
    weak var value: (any OwnWriteObserver)?
}

/// Sets `keyPath` of `object` without keeping it alive; does nothing once it is gone.
func weakWrite<Root: AnyObject, Value>(
    _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable
) -> @Sendable (Value) -> Void {
    let reference = WeakReference(object)
    return { value in reference.value?[keyPath: keyPath] = value }
}

/// Sets the values sent into a property channel on the property.
final class PropertyWriteSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let writer: ChannelWriter
    private let write: @Sendable (Value) -> Void

    init(writer: ChannelWriter, write: @escaping @Sendable (Value) -> Void) {
        self.writer = writer
        self.write = write
    }

    func sendNext(_ value: Value) {
        writer.write { write(value) }
    }

    func sendError(_ error: any Error) {}
    func sendCompleted() {}
    func didSubscribe(with disposable: CompoundDisposable) {}
}
