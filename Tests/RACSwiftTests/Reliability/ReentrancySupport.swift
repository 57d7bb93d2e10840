import Foundation
import RACSwift
import RACSwiftTesting
import Testing

// Model checks under re-entrancy (run as properties with shrinking by ReentrancyProperties): the subscriber of the operator under test reacts
// to the values it receives by sending into the operator's sources (subjects), terminating
// them, or disposing its own subscription — from inside the delivery. The models below run
// the same script against simulated subjects and an operator written after RAC's code, with
// the operator's state updated before it forwards (RAC's rule), so a nested delivery sees the
// updated state.

/// An event sent into a source.
enum ReentrantEvent: Equatable, CustomStringConvertible {
    case value(Int)
    case completed
    /// An error carrying `code` (a top-level one its time, a reaction's 100 + its step).
    case error(Int)

    var description: String {
        switch self {
        case .value(let value): "\(value)"
        case .completed: "|"
        case .error(let code): "#\(code)"
        }
    }
}

/// What the subscriber does, from inside the delivery, when it receives an output value.
enum ReentrantAction: Equatable, CustomStringConvertible {
    case send(source: Int, ReentrantEvent)
    case dispose

    var description: String {
        switch self {
        case .send(let source, let event): "send \(event) into s\(source)"
        case .dispose: "dispose"
        }
    }
}

/// A script: events sent into the sources at virtual times, and the subscriber's reactions,
/// keyed by the index of the output value that triggers them (each fires at most once, so a
/// run is bounded).
struct ReentrantInput: CustomStringConvertible {
    struct Timed {
        var time: Int
        var source: Int
        var event: ReentrantEvent
    }

    var script: [Timed]
    var reactions: [Int: ReentrantAction]
    var parameter: Int
    /// When the subscriber subscribes (0: before anything is sent).
    var subscribeAt: Int

    var description: String {
        let events = script.map { "s\($0.source)@\($0.time):\($0.event)" }.joined(separator: " ")
        let reacts = reactions.keys.sorted().map { "#\($0) -> \(reactions[$0]!)" }.joined(separator: ", ")
        return "parameter \(parameter), subscribe @\(subscribeAt); script [\(events)]; reactions [\(reacts)]"
    }
}

/// Renders an output value and its virtual time.
private func renderValue(_ value: Int, _ time: Int) -> String { "\(value)@\(time)" }

/// The subscriber's scripted reactions, taken in the order of the values it receives.
struct ReactionScript {
    private let reactions: [Int: ReentrantAction]
    private var step = 0

    init(_ reactions: [Int: ReentrantAction]) { self.reactions = reactions }

    /// The reaction to the value being received, if the script has one for it.
    mutating func reactionToNextValue() -> ReentrantAction? {
        defer { step += 1 }
        return reactions[step]
    }
}

// MARK: The real operator

/// The subscriber under test: records what it receives (with the virtual time) and performs
/// the reactions from inside the delivery.
final class ReentrantRecorder: Subscriber, @unchecked Sendable {
    typealias Value = Int
    private var script: ReactionScript
    private let sources: [Subject<Int>]
    private let scheduler: TestScheduler
    private(set) var events: [String] = []
    private var subscription: CompoundDisposable?

    init(reactions: [Int: ReentrantAction], sources: [Subject<Int>], scheduler: TestScheduler) {
        self.script = ReactionScript(reactions)
        self.sources = sources
        self.scheduler = scheduler
    }

    private var now: Int { Int(scheduler.now.timeIntervalSinceReferenceDate) }

    func didSubscribe(with disposable: CompoundDisposable) {
        if subscription == nil { subscription = disposable }
    }

    func sendNext(_ value: Int) {
        events.append(renderValue(value, now))
        switch script.reactionToNextValue() {
        case .send(let source, let event): sources[source].send(event)
        case .dispose: subscription?.dispose()
        case nil: break
        }
    }

    func sendError(_ error: any Error) {
        events.append("E\((error as? TestError)?.code ?? -1)@\(now)")
    }

    func sendCompleted() {
        events.append("C@\(now)")
    }

    func dispose() { subscription?.dispose() }
}

extension Subject<Int> {
    func send(_ event: ReentrantEvent) {
        switch event {
        case .value(let value): sendNext(value)
        case .completed: sendCompleted()
        case .error(let code): sendError(TestError(code: code))
        }
    }
}

/// Runs the script against `build(scheduler, sources, parameter)` and renders what the
/// subscriber received.
func runReentrant(
    _ input: ReentrantInput, sources count: Int,
    _ build: (TestScheduler, [Subject<Int>], Int) -> Signal<Int>
) -> [String] {
    let scheduler = TestScheduler()
    let sources = (0..<count).map { _ in Subject<Int>() }
    let recorder = ReentrantRecorder(reactions: input.reactions, sources: sources, scheduler: scheduler)
    nonisolated(unsafe) var disposable: Disposable?  // virtual time: one thread
    // With the test scheduler current, building (replay connects at once) and subscribing
    // are synchronous on any thread, the main one or a Swift Testing task's.
    nonisolated(unsafe) var signal: Signal<Int>!
    scheduler.performAsCurrentScheduler {
        signal = build(scheduler, sources, input.parameter)
        if input.subscribeAt == 0 { disposable = signal.subscribe(recorder) }
    }
    if input.subscribeAt != 0 {
        scheduler.after(Date(timeIntervalSinceReferenceDate: TimeInterval(input.subscribeAt))) {
            disposable = signal.subscribe(recorder)
        }
    }
    for timed in input.script {
        scheduler.after(Date(timeIntervalSinceReferenceDate: TimeInterval(timed.time))) {
            sources[timed.source].send(timed.event)
        }
    }
    scheduler.run()
    disposable?.dispose()
    recorder.dispose()
    return recorder.events
}

// MARK: The model

/// A simulated subject: delivers an event to the subscribers it had when the send began, a
/// copy (in subscription order, skipping those disposed meanwhile). A terminal event ends each
/// in turn — disposes it, then delivers — so until its turn a subscriber is still subscribed
/// and receives what an earlier one sends from inside its terminal event (RACSubject's
/// `-sendCompleted` enumerates a copy; RACSwift's Subject since issue 30).
final class ModelSubject {
    final class Subscription {
        fileprivate(set) var isDisposed = false
        fileprivate var next: (Int) -> Void
        fileprivate var terminal: (ReentrantEvent) -> Void
        fileprivate weak var subject: ModelSubject?

        fileprivate init(next: @escaping (Int) -> Void, terminal: @escaping (ReentrantEvent) -> Void) {
            self.next = next
            self.terminal = terminal
        }

        func dispose() {
            guard !isDisposed else { return }
            isDisposed = true
            subject?.subscriptions.removeAll { $0 === self }
        }
    }

    fileprivate var subscriptions: [Subscription] = []

    /// Every subscription made during the current model run (to the world's sources and to
    /// the subjects a model makes for itself), so that the run can let go of them at its end.
    /// Model runs happen on the test's thread, one at a time.
    nonisolated(unsafe) fileprivate static var madeInThisRun: [Subscription] = []

    /// Empties the closures of every subscription made in this run: they capture the world,
    /// the models and often their own subscription, which hold them in turn, so they form
    /// cycles (LeakSanitizer reports them).
    fileprivate static func releaseRun() {
        for subscription in madeInThisRun {
            subscription.next = { _ in }
            subscription.terminal = { _ in }
            subscription.subject?.subscriptions = []
        }
        madeInThisRun = []
    }

    @discardableResult
    func subscribe(next: @escaping (Int) -> Void, terminal: @escaping (ReentrantEvent) -> Void) -> Subscription {
        let subscription = Subscription(next: next, terminal: terminal)
        ModelSubject.madeInThisRun.append(subscription)
        subscription.subject = self
        subscriptions.append(subscription)
        return subscription
    }

    func send(_ event: ReentrantEvent) {
        if case .value(let value) = event {
            for subscription in subscriptions where !subscription.isDisposed { subscription.next(value) }
        } else {
            for subscription in subscriptions where !subscription.isDisposed {
                subscription.dispose()
                subscription.terminal(event)
            }
        }
    }
}

/// The world a model runs in: a virtual clock ordered like a `TestScheduler` (time, then
/// scheduling order), the simulated sources, and the output, which records what the
/// subscriber receives and performs its reactions.
final class ModelWorld {
    let sources: [ModelSubject]
    private var script: ReactionScript
    private var queue: [(time: Int, sequence: Int, action: () -> Void)] = []
    private var sequence = 0
    private(set) var now = 0
    private(set) var events: [String] = []
    /// The output has ended: a terminal event went out, or the subscriber disposed.
    private(set) var isFinished = false
    /// What the operator's subscription holds; run when the subscriber disposes.
    var onDispose: () -> Void = {}

    /// When the subscriber subscribes (models of a signal built ahead of its subscription).
    let subscribeAt: Int

    init(sources: Int, reactions: [Int: ReentrantAction], subscribeAt: Int) {
        self.sources = (0..<sources).map { _ in ModelSubject() }
        self.script = ReactionScript(reactions)
        self.subscribeAt = subscribeAt
    }

    func schedule(at time: Int, _ action: @escaping () -> Void) {
        sequence += 1
        queue.append((time, sequence, action))
    }

    func run() {
        while let index = queue.indices.min(by: { (queue[$0].time, queue[$0].sequence) < (queue[$1].time, queue[$1].sequence) }) {
            let item = queue.remove(at: index)
            now = max(now, item.time)
            item.action()
        }
    }

    // The output, as a passthrough subscriber sees it: nothing after the end.

    func next(_ value: Int) {
        guard !isFinished else { return }
        events.append(renderValue(value, now))
        switch script.reactionToNextValue() {
        case .send(let source, let event): sources[source].send(event)
        case .dispose:
            isFinished = true
            onDispose()
        case nil: break
        }
    }

    func terminal(_ event: ReentrantEvent) {
        guard !isFinished else { return }
        isFinished = true
        switch event {
        case .value: preconditionFailure("model bug: a value is not a terminal event")
        case .completed: events.append("C@\(now)")
        case .error(let code): events.append("E\(code)@\(now)")
        }
    }

    /// Ends the output the way an operator does: disposes what it holds, then forwards.
    func end(_ event: ReentrantEvent) {
        guard !isFinished else { return }
        onDispose()
        terminal(event)
    }

    /// Lets go of what the models hold (see `ModelSubject.releaseRun`).
    func tearDown() {
        ModelSubject.releaseRun()
        onDispose = {}
        queue = []
    }
}

/// Runs the script against `model(world, parameter)`, which subscribes to `world.sources`
/// the way the operator does, and renders the output. The model runs before anything is
/// sent; one whose subscriber arrives late (`world.subscribeAt`) schedules that itself.
func runReentrantModel(_ input: ReentrantInput, sources: Int, _ model: @escaping (ModelWorld, Int) -> Void) -> [String] {
    let world = ModelWorld(sources: sources, reactions: input.reactions, subscribeAt: input.subscribeAt)
    model(world, input.parameter)
    for timed in input.script {
        world.schedule(at: timed.time) { world.sources[timed.source].send(timed.event) }
    }
    world.run()
    defer { world.tearDown() }
    return world.events
}

/// A set of model subscriptions that an operator disposes together.
final class ModelBag {
    private var subscriptions: [ModelSubject.Subscription] = []
    private var disposals: [() -> Void] = []
    private(set) var isDisposed = false

    func add(_ subscription: ModelSubject.Subscription) {
        if isDisposed { subscription.dispose() } else { subscriptions.append(subscription) }
    }

    /// Runs `disposal` when the bag is disposed (at once if it is).
    func addDisposal(_ disposal: @escaping () -> Void) {
        if isDisposed { disposal() } else { disposals.append(disposal) }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let taken = subscriptions
        subscriptions = []
        for subscription in taken { subscription.dispose() }
        let runs = disposals
        disposals = []
        for disposal in runs { disposal() }
    }
}

/// One operator's re-entrancy check (`ReentrancyModels.cases`): how to build it on the
/// sources, its model, and the ranges its scripts draw from.
struct ReentrancyCase: @unchecked Sendable, CustomTestStringConvertible {
    let name: String
    let sources: Int
    let parameters: ClosedRange<Int>
    let subscribeAt: ClosedRange<Int>
    let build: (TestScheduler, [Subject<Int>], Int) -> Signal<Int>
    let model: (ModelWorld, Int) -> Void

    var testDescription: String { name }

    /// What the subscriber of the real operator received in `input`'s script.
    func actual(_ input: ReentrantInput) -> [String] { runReentrant(input, sources: sources, build) }

    /// What the subscriber of the model received.
    func expected(_ input: ReentrantInput) -> [String] { runReentrantModel(input, sources: sources, model) }
}
