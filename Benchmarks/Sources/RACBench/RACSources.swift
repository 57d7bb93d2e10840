import RACSwift

/// The hot source the RACSwift side pumps.
///
/// Until RACSwift has `Subject`, this stands in for one: a `Signal.create` whose block keeps
/// the subscriber it is handed (the library's serializing `PassthroughSubscriber`), so each
/// send goes through the same path a `create`-based source's events take: a recursive lock,
/// the disposed check, then the chain. Workloads that need several subscribers on one
/// source are "n/a" until the real subject exists.
final class RACPump {
    private(set) var subscribers: [any Subscriber<Int>] = []
    private var single: (any Subscriber<Int>)?

    private(set) lazy var signal: Signal<Int> = Signal<Int>.create { [unowned self] subscriber in
        if single == nil { single = subscriber }
        subscribers.append(subscriber)
        return nil
    }

    /// The first subscriber (the pumping workloads have one). Loops hold it in a local, as a
    /// user pumping a `create` subscriber would, so no retain/release per send is charged to
    /// the harness.
    var sink: any Subscriber<Int> { single! }

    func send(_ value: Int) {
        single!.sendNext(value)
    }

    func reserve(_ n: Int) { subscribers.reserveCapacity(n) }
}
