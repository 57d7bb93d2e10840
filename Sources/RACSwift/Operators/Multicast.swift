extension Signal {
    /// A connection that shares one subscription of this signal through a new `Subject`
    /// (RAC's `-publish`). Nothing is subscribed until `connect()`.
    /// `connect()` subscribes this signal as `subscribe` does (through
    /// `Scheduler.subscription`); its events, terminal ones included, reach the subject's
    /// subscribers on the thread that sent them.
    public func publish() -> MulticastConnection<Value> {
        multicast(Subject<Value>().named("[\(name)] -publish"))
    }

    /// A connection that shares one subscription of this signal through `subject` (RAC's
    /// `-multicast:`). Nothing is subscribed until `connect()`; what `subject` replays to late
    /// subscribers depends on its kind (`ReplaySubject`, `BehaviorSubject`).
    /// `connect()` subscribes this signal as `subscribe` does (through
    /// `Scheduler.subscription`); its events, terminal ones included, reach the subject's
    /// subscribers on the thread that sent them.
    public func multicast(_ subject: Subject<Value>) -> MulticastConnection<Value> {
        if debugSignalNamesEnabled { subject.name = "[\(name)] -multicast: \(subject.name)" }
        return MulticastConnection(source: self, subject: subject)
    }

    /// Subscribes this signal now, once, and returns a signal that replays every event it has
    /// sent to each subscriber, then forwards the rest (RAC's `-replay`). The subscription is
    /// never disposed: it lasts until this signal terminates.
    /// The terminal event is replayed too. Replayed events are sent on `Scheduler.subscription`
    /// as a subscriber arrives; later ones on the thread that sent them.
    public func replay() -> Signal<Value> {
        let connection = multicast(ReplaySubject<Value>().named("[\(name)] -replay"))
        connection.connect()
        return connection.signal
    }

    /// Like `replay()`, but only the latest value (and the terminal event) is replayed (RAC's
    /// `-replayLast`).
    /// Terminates and delivers as `replay()` does.
    public func replayLast() -> Signal<Value> {
        let connection = multicast(ReplaySubject<Value>(capacity: 1).named("[\(name)] -replayLast"))
        connection.connect()
        return connection.signal
    }

    /// Like `replay()`, but this signal is subscribed only when the result gets its first
    /// subscriber (RAC's `-replayLazily`). Later subscribers share that one subscription; as in
    /// `replay()`, it is never disposed by them.
    /// Terminates and delivers as `replay()` does.
    public func replayLazily() -> Signal<Value> {
        let connection = multicast(ReplaySubject<Value>())
        return Signal<Value>.create { subscriber in
            connection.connect()
            return connection.signal.subscribe(subscriber)
        }.named("[\(name)] -replayLazily")
    }
}
