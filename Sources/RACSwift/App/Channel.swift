/// A two-way connection between two terminals (RACChannel).
///
/// Values sent into one terminal reach the subscribers of the other; errors and completion
/// sent into either reach the subscribers of both, and are replayed to later subscribers.
/// The following terminal also replays the latest value sent into the leading one (RAC's
/// capacity-1 replay), so a new subscriber of the following terminal starts with the current
/// value; the leading terminal replays no value. Conventionally the leading terminal faces the
/// model (a property, a control) and the following terminal is handed to users.
///
/// Neither terminal refers to the channel, and the two terminals hold only each other's
/// subjects: once the subscribers and subscriptions of both terminals are disposed, nothing
/// is left alive.
public final class Channel<Value>: @unchecked Sendable {
    /// The terminal whose values reach the following terminal's subscribers (RAC's
    /// `leadingTerminal`); it replays no value.
    public let leadingTerminal: ChannelTerminal<Value>
    /// The terminal whose values reach the leading terminal's subscribers (RAC's
    /// `followingTerminal`); it replays the latest value sent into the leading terminal.
    public let followingTerminal: ChannelTerminal<Value>

    /// A channel with no values yet.
    public init() {
        // RAC cross-subscribes the two subjects (`ignoreValues` of each into the other) to
        // spread terminal events; that is a reference cycle between the subjects, so the
        // terminals send terminal events to both subjects themselves instead.
        let leading = ReplaySubject<Value>(capacity: 0).setName("leadingSubject")
        let following = ReplaySubject<Value>(capacity: 1).setName("followingSubject")
        leadingTerminal = ChannelTerminal(values: leading, other: following).setName("leadingTerminal")
        followingTerminal = ChannelTerminal(values: following, other: leading).setName("followingTerminal")
    }
}

/// One end of a `Channel` (RACChannelTerminal): a signal of the values sent into the other
/// terminal, and a subscriber whose events go to the other terminal's subscribers.
///
/// As a subscriber it follows the subject rules: events from several threads are serialized,
/// and a subscription to another signal (`signal.subscribe(terminal)`) is kept until a
/// terminal event of the channel ends it. Subscribing follows `ReplaySubject`: the replay runs
/// on `Scheduler.subscription`.
public final class ChannelTerminal<Value>: Signal<Value>, Subscriber, @unchecked Sendable {
    private let values: ReplaySubject<Value>
    private let other: ReplaySubject<Value>

    init(values: ReplaySubject<Value>, other: ReplaySubject<Value>) {
        self.values = values
        self.other = other
        super.init()
    }

    /// Subscribes `subscriber` to the values sent into the other terminal, and to the
    /// channel's terminal event.
    @discardableResult
    public override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        values.subscribe(subscriber)
    }

    /// Sends `value` to the other terminal's subscribers.
    public func sendNext(_ value: Value) {
        other.sendNext(value)
    }

    /// Ends the channel with `error`: the subscribers of both terminals receive it.
    public func sendError(_ error: any Error) {
        other.sendError(error)
        values.sendError(error)
    }

    /// Ends the channel: the subscribers of both terminals complete.
    public func sendCompleted() {
        other.sendCompleted()
        values.sendCompleted()
    }

    /// Keeps a subscription of this terminal to another signal until the channel ends.
    public func didSubscribe(with disposable: CompoundDisposable) {
        other.didSubscribe(with: disposable)
    }
}
