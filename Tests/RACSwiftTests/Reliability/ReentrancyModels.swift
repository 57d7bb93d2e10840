import Foundation
import RACSwift
import RACSwiftTesting

/// Randomized model checks of the operators under re-entrancy (see ReentrancySupport.swift):
/// the subscriber sends into the operator's sources, terminates them or disposes from inside
/// its deliveries. Each model follows the operator's code in ReactiveObjC (RACStream.m,
/// RACSignal.m, RACSignal+Operations.m, RACReplaySubject.m), with RAC's rule that an operator
/// updates its state before it forwards a value; where RAC's code updates it after (throttle's
/// flush, the `stop` of any/all), RACSwift keeps the rule and the README lists the deviation.
enum ReentrancyModels {
    /// One operator's re-entrancy check: its build, its model and the ranges its script
    /// draws from; `ReentrancyProperties` runs each as a property with shrinking.
    private static func check(
        _ name: String, sources: Int = 1, parameters: ClosedRange<Int> = 0...3, subscribeAt: ClosedRange<Int> = 0...0,
        build: @escaping (TestScheduler, [Subject<Int>], Int) -> Signal<Int>,
        model: @escaping (ModelWorld, Int) -> Void
    ) -> ReentrancyCase {
        ReentrancyCase(name: name, sources: sources, parameters: parameters, subscribeAt: subscribeAt, build: build, model: model)
    }

    /// Every operator checked under re-entrancy.
    static let cases: [ReentrancyCase] = [
        take,
        skip,
        takeWhile,
        takeUntilPredicate,
        skipWhile,
        distinctUntilChanged,
        scan,
        combinePrevious,
        startWith,
        takeLast,
        aggregate,
        anyOf,
        allOf,
        bufferByCount,
        groupBy,
        zipWith,
        combineLatest,
        mergeWith,
        concatWith,
        flattenMaxConcurrent,
        switchToLatest,
        replay,
        sample,
        takeUntilSignal,
        takeUntilReplacement,
        catchTo,
        collect,
        materialize,
        bindWithStop,
        staticZipOfThree,
        staticCombineLatestOfThree,
        staticMergeOfThree,
        flattenMap,
        behaviorSubject,
        bufferWithTime,
        delay,
        timeout,
        throttle,
    ]

    /// A one-source operator's model: `onNext` gets each value and the source's subscription
    /// (to stop it); terminal events end the output unless `onTerminal` handles them.
    private static func unary(
        _ world: ModelWorld,
        onNext: @escaping (Int, ModelBag) -> Void,
        onTerminal: ((ReentrantEvent, ModelBag) -> Void)? = nil
    ) {
        let bag = ModelBag()
        world.onDispose = { bag.dispose() }
        bag.add(world.sources[0].subscribe(
            next: { onNext($0, bag) },
            terminal: { event in
                if let onTerminal { onTerminal(event, bag) } else { world.end(event) }
            }))
    }

    // MARK: take / skip families

    /// RAC's `-bind:` (RACSignal.m) for a binding block that returns a `+return:` of a value,
    /// or nil, and may set `stop`: `binding` gives the value to send (nil: none, stop now) and
    /// the `stop` flag. The output completes when its count of live signals — the source, and
    /// each `+return:` until its value's delivery has returned — reaches zero, so a completion
    /// (the source's, or a stop) inside a delivery goes out once the outermost returns; errors
    /// go out at once.
    private static func bound(_ world: ModelWorld, binding: @escaping (Int) -> (value: Int?, stop: Bool)) {
        let bag = ModelBag()
        world.onDispose = { bag.dispose() }
        var live = 1
        var sourceEnded = false
        func completeOne() {
            live -= 1
            if live == 0 { world.end(.completed) }
        }
        func endSource() {
            guard !sourceEnded else { return }
            sourceEnded = true
            bag.dispose()
            completeOne()
        }
        bag.add(world.sources[0].subscribe(
            next: { value in
                guard !sourceEnded else { return }
                let (output, stop) = binding(value)
                if let output {
                    live += 1
                    world.next(output)
                    completeOne()
                }
                if output == nil || stop { endSource() }
            },
            terminal: { event in
                if case .completed = event { endSource() } else { world.end(event) }
            }))
    }


    static var take: ReentrancyCase {
        // RAC's -take: counts before it forwards: a value sent from inside the delivery of the
        // last one is dropped. It is -bind:, so its completion waits for every value's
        // delivery to return (`bound`).
        check("take(_:)", build: { _, sources, count in sources[0].take(count) }, model: { world, count in
            if count == 0 { world.terminal(.completed); return }
            var taken = 0
            Self.bound(world) { value in
                guard taken < count else { return (nil, false) }
                taken += 1
                return (value, taken == count)
            }
        })
    }

    static var skip: ReentrancyCase {
        check("skip(_:)", build: { _, sources, count in sources[0].skip(count) }, model: { world, count in
            var skipped = 0
            Self.unary(world, onNext: { value, _ in
                if skipped < count { skipped += 1; return }
                world.next(value)
            })
        })
    }

    static var takeWhile: ReentrancyCase {
        // -takeWhileBlock: is -takeUntilBlock: of the negation, a -bind: (`bound`).
        check("take(while:)", build: { _, sources, limit in sources[0].take(while: { $0 <= limit }) }, model: { world, limit in
            Self.bound(world) { value in value <= limit ? (value, false) : (nil, false) }
        })
    }

    static var takeUntilPredicate: ReentrancyCase {
        check("take(until:) predicate", build: { _, sources, target in sources[0].take(until: { $0 == target }) },
              model: { world, target in
            Self.bound(world) { value in value == target ? (nil, false) : (value, false) }
        })
    }

    static var skipWhile: ReentrancyCase {
        check("skip(while:)", build: { _, sources, limit in sources[0].skip(while: { $0 < limit }) }, model: { world, limit in
            var skipping = true
            Self.unary(world, onNext: { value, _ in
                if skipping {
                    if value < limit { return }
                    skipping = false
                }
                world.next(value)
            })
        })
    }

    // MARK: Stateful single-source operators

    static var distinctUntilChanged: ReentrancyCase {
        check("distinctUntilChanged()", build: { _, sources, _ in sources[0].distinctUntilChanged() }, model: { world, _ in
            var last: Int?
            Self.unary(world, onNext: { value, _ in
                if last == value { return }
                last = value
                world.next(value)
            })
        })
    }

    static var scan: ReentrancyCase {
        check("scan(withStart:reduce:)", build: { _, sources, start in sources[0].scan(withStart: start) { $0 * 2 + $1 } },
              model: { world, start in
            // RAC's -scanWithStart:reduce: is -bind:. RACSwift's scan forwards a completion sent
            // inside a delivery at once (a listed deviation); with one subscriber the two orders
            // log the same events, since that delivery's reaction has run by then and nothing
            // reaches the subscriber in between — ReentrantCompletionOrderTests pins the order
            // a second subscriber sees.
            var running = start
            Self.bound(world) { value in
                running = running * 2 + value
                return (running, false)
            }
        })
    }

    static var combinePrevious: ReentrancyCase {
        check("combinePrevious(withStart:reduce:)",
              build: { _, sources, start in sources[0].combinePrevious(withStart: start) { $0 * 10 + $1 } },
              model: { world, start in
            var previous = start
            Self.unary(world, onNext: { value, _ in
                let combined = previous * 10 + value
                previous = value
                world.next(combined)
            })
        })
    }

    static var startWith: ReentrancyCase {
        // -startWith: is `[[class return:value] concat:self]`: what the subscriber sends into
        // the source while it receives the first value is lost (the source is not subscribed
        // yet), and a subscriber that disposed then never subscribes it.
        check("startWith(_:)", build: { _, sources, first in sources[0].startWith(first) }, model: { world, first in
            world.next(first)
            if world.isFinished { return }
            Self.unary(world, onNext: { value, _ in world.next(value) })
        })
    }

    static var takeLast: ReentrancyCase {
        check("takeLast(_:)", build: { _, sources, count in sources[0].takeLast(count) }, model: { world, count in
            var kept: [Int] = []
            Self.unary(world, onNext: { value, _ in
                guard count > 0 else { return }
                kept.append(value)
                if kept.count > count { kept.removeFirst() }
            }, onTerminal: { event, bag in
                guard event == .completed else { world.end(event); return }
                bag.dispose()
                for value in kept { world.next(value) }
                world.terminal(.completed)
            })
        })
    }

    static var aggregate: ReentrancyCase {
        check("aggregate(withStart:reduce:)", build: { _, sources, start in sources[0].aggregate(withStart: start) { $0 * 2 + $1 } },
              model: { world, start in
            var running = start
            Self.unary(world, onNext: { value, _ in running = running * 2 + value }, onTerminal: { event, bag in
                guard event == .completed else { world.end(event); return }
                bag.dispose()
                world.next(running)
                world.terminal(.completed)
            })
        })
    }

    /// The model of an operator that sends one answer and completes (any, all): a value may
    /// decide the answer (`onValue`), else the source's terminal event does; the answer is
    /// decided before it goes out, so only the first one is sent.
    private static func answerOnceModel(
        _ world: ModelWorld, onValue: @escaping (Int) -> Int?, onTerminal: @escaping (ReentrantEvent) -> Int
    ) {
        var isDone = false
        func finish(_ answer: Int) {
            guard !isDone else { return }
            isDone = true
            world.next(answer)
            world.end(.completed)
        }
        unary(world, onNext: { value, _ in onValue(value).map(finish) }, onTerminal: { event, _ in finish(onTerminal(event)) })
    }

    static var anyOf: ReentrancyCase {
        // Decided before the answer goes out: a matching value sent from inside its delivery
        // is not a second answer. (RAC's bind-based -any: sets `stop`, which takes effect only
        // after the answer is forwarded, so it would answer again; see the README.)
        check("any(_:)", build: { _, sources, target in sources[0].any { $0 == target }.map { $0 ? 1 : 0 } },
              model: { world, target in
            Self.answerOnceModel(world, onValue: { $0 == target ? 1 : nil }, onTerminal: { _ in 0 })
        })
    }

    static var allOf: ReentrancyCase {
        check("all(_:)", build: { _, sources, limit in sources[0].all { $0 <= limit }.map { $0 ? 1 : 0 } },
              model: { world, limit in
            Self.answerOnceModel(world, onValue: { $0 > limit ? 0 : nil }, onTerminal: { $0 == .completed ? 1 : 0 })
        })
    }

    static var bufferByCount: ReentrancyCase {
        // The full array is taken out before it goes out: a value sent from inside its
        // delivery starts the next array.
        check("buffer(_:)", parameters: 1...3, build: { _, sources, count in sources[0].buffer(count).map(Self.encode) },
              model: { world, count in
            var values: [Int] = []
            Self.unary(world, onNext: { value, _ in
                values.append(value)
                guard values.count == count else { return }
                let full = values
                values = []
                world.next(Self.encode(full))
            })
        })
    }

    static var groupBy: ReentrancyCase {
        // RAC's -groupBy:transform: records a new group before it sends it, then sends the
        // value into the group. Each group is flattened into the output (values tagged with
        // their key); the result completes when the source and every group have.
        check("groupBy(_:)", build: { _, sources, _ in
            sources[0].groupBy { $0 % 2 }.flattenMap { group in group.map { 100 * (group.key + 1) + $0 } }
        }, model: { world, _ in
            var groups: Set<Int> = []
            var active = 1  // flattenMap's count: the outer signal and each group
            func completeSignal() {
                active -= 1
                if active == 0 { world.end(.completed) }
            }
            Self.unary(world, onNext: { value, _ in
                let key = value % 2
                if !groups.contains(key) {
                    groups.insert(key)
                    active += 1
                }
                world.next(100 * (key + 1) + value)
            }, onTerminal: { event, bag in
                guard event == .completed else { world.end(event); return }
                // groupBy completes its output, then each group: flattenMap completes when
                // the outer signal and every group have.
                bag.dispose()
                completeSignal()
                for _ in groups { completeSignal() }
            })
        })
    }

    // MARK: Several inputs

    /// The zip rule over `inputs` sources: each value joins its input's queue; once every
    /// queue has one, the first of each is taken out and `combine`d before it goes out; the
    /// result completes once an input has completed and its queue is empty, and ends with the
    /// first error.
    private static func zipModel(_ world: ModelWorld, inputs: Int, combine: @escaping ([Int]) -> Int) {
        var queues = Array(repeating: [Int](), count: inputs)
        var completed = Array(repeating: false, count: inputs)
        let bag = ModelBag()
        world.onDispose = { bag.dispose() }
        func completeIfNeeded() {
            if (0..<inputs).contains(where: { completed[$0] && queues[$0].isEmpty }) { world.end(.completed) }
        }
        for index in 0..<inputs {
            bag.add(world.sources[index].subscribe(next: { value in
                queues[index].append(value)
                guard queues.allSatisfy({ !$0.isEmpty }) else { return }
                world.next(combine((0..<inputs).map { queues[$0].removeFirst() }))
                completeIfNeeded()
            }, terminal: { event in
                guard event == .completed else { world.end(event); return }
                completed[index] = true
                completeIfNeeded()
            }))
        }
    }

    static var zipWith: ReentrancyCase {
        // RAC's -zipWith: takes the pair out of both queues before it sends it, and checks for
        // completion after.
        check("zip(with:)", sources: 2, build: { _, sources, _ in sources[0].zip(with: sources[1]).map { $0 * 100 + $1 } },
              model: { world, _ in Self.zipModel(world, inputs: 2) { $0[0] * 100 + $0[1] } })
    }

    static var combineLatest: ReentrancyCase {
        check("combineLatest(with:)", sources: 2,
              build: { _, sources, _ in sources[0].combineLatest(with: sources[1]).map { $0 * 100 + $1 } },
              model: { world, _ in
            var latest: [Int?] = [nil, nil]
            var completed = [false, false]
            let bag = ModelBag()
            world.onDispose = { bag.dispose() }
            for index in 0...1 {
                bag.add(world.sources[index].subscribe(next: { value in
                    latest[index] = value
                    guard let first = latest[0], let second = latest[1] else { return }
                    world.next(first * 100 + second)
                }, terminal: { event in
                    guard event == .completed else { world.end(event); return }
                    completed[index] = true
                    if completed[0], completed[1] { world.end(.completed) }
                }))
            }
        })
    }

    static var mergeWith: ReentrancyCase {
        check("merge(_:)", sources: 2, build: { _, sources, _ in sources[0].merge(sources[1]) },
              model: { world, _ in Self.modelMerge(world) })
    }

    static var concatWith: ReentrancyCase {
        // The second source is subscribed when the first completes, also from inside a delivery.
        check("concat(_:)", sources: 2, build: { _, sources, _ in sources[0].concat(sources[1]) }, model: { world, _ in
            let bag = ModelBag()
            world.onDispose = { bag.dispose() }
            bag.add(world.sources[0].subscribe(next: { world.next($0) }, terminal: { event in
                guard event == .completed else { world.end(event); return }
                bag.add(world.sources[1].subscribe(next: { world.next($0) }, terminal: { world.end($0) }))
            }))
        })
    }

    /// Source 0 sends the index of one of the other sources (`value % 2 + 1`).
    private static func innerSignals(_ sources: [Subject<Int>]) -> Signal<Signal<Int>> {
        sources[0].map { sources[$0 % 2 + 1] }
    }

    static var flattenMaxConcurrent: ReentrancyCase {
        // RAC's -flatten: counts an inner signal as active before it subscribes it, and takes
        // the next queued one out before it subscribes that.
        check("flatten(maxConcurrent:)", sources: 3, parameters: 0...2,
              build: { _, sources, limit in Self.innerSignals(sources).flatten(maxConcurrent: limit) },
              model: { world, limit in
            var active = 0
            var queued: [Int] = []
            var outerCompleted = false
            let bag = ModelBag()
            world.onDispose = { bag.dispose() }
            func completeIfAllowed() {
                if outerCompleted, active == 0 { world.end(.completed) }
            }
            func subscribeInner(_ index: Int) {
                active += 1
                var subscription: ModelSubject.Subscription?
                subscription = world.sources[index].subscribe(next: { world.next($0) }, terminal: { event in
                    guard event == .completed else { world.end(event); return }
                    _ = subscription
                    active -= 1
                    if queued.isEmpty {
                        completeIfAllowed()
                        return
                    }
                    subscribeInner(queued.removeFirst())
                })
                bag.add(subscription!)
            }
            bag.add(world.sources[0].subscribe(next: { value in
                let index = value % 2 + 1
                if limit > 0, active >= limit {
                    queued.append(index)
                    return
                }
                subscribeInner(index)
            }, terminal: { event in
                guard event == .completed else { world.end(event); return }
                outerCompleted = true
                completeIfAllowed()
            }))
        })
    }

    static var switchToLatest: ReentrancyCase {
        // RAC's -switchToLatest: the outer signal is published; each inner signal runs until
        // the next outer value (`takeUntil:`, its trigger subscribed before the inner signal),
        // and the result completes when the outer signal and the inner one have.
        check("switchToLatest()", sources: 3,
              build: { _, sources, _ in Self.innerSignals(sources).switchToLatest() },
              model: { world, _ in
            let published = ModelSubject()
            let running = RunningSignals(world)
            let bag = ModelBag()
            world.onDispose = { bag.dispose() }
            bag.add(published.subscribe(next: { value in
                running.started()
                let inner = ModelBag()
                bag.add(published.subscribe(next: { _ in
                    guard !inner.isDisposed else { return }
                    inner.dispose()
                    running.ended()
                }, terminal: { _ in }))
                if inner.isDisposed { return }
                let subscription = world.sources[value % 2 + 1].subscribe(next: { world.next($0) }, terminal: { event in
                    guard event == .completed else { world.end(event); return }
                    inner.dispose()
                    running.ended()
                })
                inner.add(subscription)
                bag.add(subscription)
            }, terminal: { event in
                guard event == .completed else { world.end(event); return }
                running.ended()
            }))
            bag.add(world.sources[0].subscribe(next: { published.send(.value($0)) }, terminal: { published.send($0) }))
        })
    }

    static var replay: ReentrancyCase {
        // The subscriber arrives late and gets the values so far replayed; a value sent into
        // the source during the replay is kept and reaches it after the ones before it (RAC
        // throws there: the array it enumerates changed; see the README).
        check("replay()", subscribeAt: 0...8, build: { _, sources, _ in sources[0].replay() }, model: { world, _ in
            // The replay subject, connected when the signal is made.
            var values: [Int] = []
            var ended: ReentrantEvent?
            var isRegistered = false
            world.onDispose = { isRegistered = false }
            world.sources[0].subscribe(next: { value in
                guard ended == nil else { return }
                values.append(value)
                if isRegistered { world.next(value) }
            }, terminal: { event in
                guard ended == nil else { return }
                ended = event
                if isRegistered {
                    isRegistered = false
                    world.terminal(event)
                }
            })
            func subscribe() {
                var position = 0
                while position < values.count {
                    if world.isFinished { return }
                    world.next(values[position])
                    position += 1
                }
                if world.isFinished { return }
                if let ended { world.terminal(ended) } else { isRegistered = true }
            }
            if world.subscribeAt == 0 { subscribe() } else { world.schedule(at: world.subscribeAt) { subscribe() } }
        })
    }

    static var sample: ReentrancyCase {
        // RAC's -sample:: the source's value is stored before anything is sent; the sampler
        // sends the latest one.
        check("sample(_:)", sources: 2, build: { _, sources, _ in sources[0].sample(sources[1]) }, model: { world, _ in
            var latest: Int?
            let bag = ModelBag()
            world.onDispose = { bag.dispose() }
            bag.add(world.sources[0].subscribe(next: { latest = $0 }, terminal: { world.end($0) }))
            bag.add(world.sources[1].subscribe(next: { _ in
                if let latest { world.next(latest) }
            }, terminal: { world.end($0) }))
        })
    }

    static var takeUntilSignal: ReentrancyCase {
        // RAC's -takeUntil:: the trigger is subscribed first; its value or completion
        // completes the result, its error is ignored.
        check("take(until:) signal", sources: 2, build: { _, sources, _ in sources[0].take(until: sources[1]) },
              model: { world, _ in
            let bag = ModelBag()
            world.onDispose = { bag.dispose() }
            bag.add(world.sources[1].subscribe(next: { _ in world.end(.completed) }, terminal: { event in
                if event == .completed { world.end(.completed) }
            }))
            if world.isFinished { return }
            bag.add(world.sources[0].subscribe(next: { world.next($0) }, terminal: { world.end($0) }))
        })
    }

    static var takeUntilReplacement: ReentrancyCase {
        // RAC's -takeUntilReplacement:: the replacement's first event stops the source for
        // good; the source's completion does not complete the result.
        check("take(untilReplacement:)", sources: 2, build: { _, sources, _ in sources[0].take(untilReplacement: sources[1]) },
              model: { world, _ in
            let bag = ModelBag()
            let source = ModelBag()
            world.onDispose = { bag.dispose(); source.dispose() }
            bag.add(world.sources[1].subscribe(next: { value in
                source.dispose()
                world.next(value)
            }, terminal: { event in
                source.dispose()
                world.end(event)
            }))
            if source.isDisposed { return }
            source.add(world.sources[0].subscribe(next: { world.next($0) }, terminal: { event in
                if event != .completed { world.end(event) }
            }))
        })
    }

    static var catchTo: ReentrancyCase {
        check("catch(to:)", sources: 2, build: { _, sources, _ in sources[0].catch(to: sources[1]) }, model: { world, _ in
            let bag = ModelBag()
            world.onDispose = { bag.dispose() }
            bag.add(world.sources[0].subscribe(next: { world.next($0) }, terminal: { event in
                guard case .error = event else { world.end(event); return }
                bag.add(world.sources[1].subscribe(next: { world.next($0) }, terminal: { world.end($0) }))
            }))
        })
    }

    static var collect: ReentrancyCase {
        check("collect()", build: { _, sources, _ in sources[0].collect().map(Self.encode) }, model: { world, _ in
            var values: [Int] = []
            Self.unary(world, onNext: { value, _ in values.append(value) }, onTerminal: { event, bag in
                guard event == .completed else { world.end(event); return }
                bag.dispose()
                world.next(Self.encode(values))
                world.terminal(.completed)
            })
        })
    }

    static var materialize: ReentrancyCase {
        // Values as themselves, completion as 100, an error as 200 + its code; then completes.
        check("materialize()", build: { _, sources, _ in
            sources[0].materialize().map { event in
                switch event {
                case .next(let value): value
                case .completed: 100
                case .error(let error): 200 + ((error as? TestError)?.code ?? -1)
                }
            }
        }, model: { world, _ in
            Self.unary(world, onNext: { value, _ in world.next(value) }, onTerminal: { event, bag in
                bag.dispose()
                if case .error(let code) = event { world.next(200 + code) } else { world.next(100) }
                world.terminal(.completed)
            })
        })
    }

    static var bindWithStop: ReentrancyCase {
        // RAC's -bind:: `stop` takes effect once the returned signal has been subscribed —
        // here after `return` has sent its value — so a value sent into the source from
        // inside that delivery is still bound; the result completes when the source stopped
        // and every returned signal completed.
        check("bind(_:) with stop", build: { _, sources, target in
            sources[0].bind { { value, stop in
                if value == target { stop = true }
                return value == target + 1 ? nil : Signal.return(value * 10)
            } }
        }, model: { world, target in
            let running = RunningSignals(world)
            let bag = ModelBag()
            world.onDispose = { bag.dispose() }
            var sourceSubscription: ModelSubject.Subscription?
            sourceSubscription = world.sources[0].subscribe(next: { value in
                guard !bag.isDisposed else { return }
                let stop = value == target
                let returned = value == target + 1 ? nil : value * 10
                if let returned {
                    running.started()
                    world.next(returned)
                    running.ended()
                }
                if returned == nil || stop {
                    sourceSubscription?.dispose()
                    running.ended()
                }
            }, terminal: { event in
                guard event == .completed else { world.end(event); return }
                running.ended()
            })
            bag.add(sourceSubscription!)
        })
    }

    static var staticZipOfThree: ReentrancyCase {
        // The n-ary rule StreamModels.zipModel has for +zip: (the tuple is taken out of every
        // queue before it goes out; completion once an input has completed and its queue is
        // empty). RAC's +zip: is a left fold of -zipWith:, whose inner levels pair values
        // early and can complete (and stop forwarding those inputs' errors) where the n-ary
        // rule waits; the README lists the difference.
        check("zip([_, _, _])", sources: 3, build: { _, sources, _ in
            Signal.zip(sources).map { $0[0] * 10_000 + $0[1] * 100 + $0[2] }
        }, model: { world, _ in Self.zipModel(world, inputs: 3) { $0[0] * 10_000 + $0[1] * 100 + $0[2] } })
    }

    static var staticCombineLatestOfThree: ReentrancyCase {
        // RAC's +combineLatest: folds -combineLatestWith: from the left.
        check("combineLatest([_, _, _])", sources: 3, build: { _, sources, _ in
            Signal.combineLatest(sources).map { $0[0] * 10_000 + $0[1] * 100 + $0[2] }
        }, model: { world, _ in
            let outer = ModelCombineLatestWith(combine: { $0 * 100 + $1 }, next: { world.next($0) }, terminal: { world.end($0) })
            // unowned: outer's bag holds inner, and the world holds outer until the run ends.
            let inner = ModelCombineLatestWith(combine: { $0 * 100 + $1 },
                                               next: { [unowned outer] in outer.receive(0, .value($0)) },
                                               terminal: { [unowned outer] in outer.receive(0, $0) })
            outer.bag.addDisposal { inner.bag.dispose() }
            world.onDispose = { outer.bag.dispose() }
            inner.subscribe(0, to: world.sources[0])
            inner.subscribe(1, to: world.sources[1])
            outer.subscribe(1, to: world.sources[2])
        })
    }

    static var staticMergeOfThree: ReentrancyCase {
        check("merge([_, _, _])", sources: 3, build: { _, sources, _ in Signal.merge(sources) },
              model: { world, _ in Self.modelMerge(world) })
    }

    static var flattenMap: ReentrancyCase {
        // RAC's -flattenMap: is -bind: without `stop`: every inner signal is subscribed at
        // once; the result completes when the outer signal and every inner one have.
        check("flattenMap(_:)", sources: 3, build: { _, sources, _ in sources[0].flattenMap { sources[$0 % 2 + 1] } },
              model: { world, _ in
            let running = RunningSignals(world)
            let bag = ModelBag()
            world.onDispose = { bag.dispose() }
            bag.add(world.sources[0].subscribe(next: { value in
                guard !bag.isDisposed else { return }
                running.started()
                bag.add(world.sources[value % 2 + 1].subscribe(next: { world.next($0) }, terminal: { event in
                    guard event == .completed else { world.end(event); return }
                    running.ended()
                }))
            }, terminal: { event in
                guard event == .completed else { world.end(event); return }
                running.ended()
            }))
        })
    }

    static var behaviorSubject: ReentrancyCase {
        // RACBehaviorSubject registers a new subscriber, then sends it the current value: a
        // value sent from inside that delivery reaches it too (nested).
        check("BehaviorSubject", parameters: 0...4, subscribeAt: 0...8, build: { _, sources, start in
            let subject = BehaviorSubject(defaultValue: start)
            sources[0].subscribe(subject)
            return subject
        }, model: { world, start in
            var latest = start
            var isRegistered = false
            world.onDispose = { isRegistered = false }
            world.sources[0].subscribe(next: { value in
                latest = value
                if isRegistered { world.next(value) }
            }, terminal: { event in
                // A subject stays usable after a terminal event: later sends still reach
                // later subscribers (none here: the source's subscription is over).
                if isRegistered {
                    isRegistered = false
                    world.terminal(event)
                }
            })
            func subscribe() {
                isRegistered = true
                world.next(latest)
            }
            if world.subscribeAt == 0 { subscribe() } else { world.schedule(at: world.subscribeAt) { subscribe() } }
        })
    }

    // MARK: Time

    static var bufferWithTime: ReentrancyCase {
        check("buffer(withTime:on:)", parameters: 1...3,
              build: { scheduler, sources, interval in
                  sources[0].buffer(withTime: TimeInterval(interval), on: scheduler).map(Self.encode)
              },
              model: { world, interval in
            var values: [Int] = []
            var generation = 0
            let bag = ModelBag()
            func flush() {
                generation += 1
                guard !values.isEmpty else { return }
                let buffer = values
                values = []
                world.next(Self.encode(buffer))
            }
            world.onDispose = { bag.dispose(); generation += 1 }
            bag.add(world.sources[0].subscribe(next: { value in
                if values.isEmpty {
                    generation += 1
                    let timer = generation
                    world.schedule(at: world.now + interval) {
                        if generation == timer, !bag.isDisposed { flush() }
                    }
                }
                values.append(value)
            }, terminal: { event in
                guard event == .completed else { world.end(event); return }
                flush()
                world.end(.completed)
            }))
        })
    }

    static var delay: ReentrancyCase {
        // RAC's -delay:: each value and the completion wait `interval`; an error goes at once.
        check("delay(_:on:)", parameters: 1...3,
              build: { scheduler, sources, interval in sources[0].delay(TimeInterval(interval), on: scheduler) },
              model: { world, interval in
            let bag = ModelBag()
            var isCancelled = false
            world.onDispose = { bag.dispose(); isCancelled = true }
            bag.add(world.sources[0].subscribe(next: { value in
                world.schedule(at: world.now + interval) { if !isCancelled { world.next(value) } }
            }, terminal: { event in
                guard event == .completed else { world.end(event); return }
                world.schedule(at: world.now + interval) { if !isCancelled { world.end(.completed) } }
            }))
        })
    }

    static var timeout: ReentrancyCase {
        check("timeout(_:on:)", parameters: 2...12,
              build: { scheduler, sources, interval in
                  // The timeout's error as the value -1 and completion.
                  sources[0].timeout(TimeInterval(interval), on: scheduler).catch { error in
                      if case SignalError.timedOut = error { return Signal.return(-1) }
                      return Signal.error(error)
                  }
              },
              model: { world, interval in
            let bag = ModelBag()
            var isCancelled = false
            world.onDispose = { bag.dispose(); isCancelled = true }
            func timedOut() {
                guard !world.isFinished else { return }
                bag.dispose()
                isCancelled = true
                world.next(-1)
                world.terminal(.completed)
            }
            world.schedule(at: world.now + interval) { if !isCancelled { timedOut() } }
            bag.add(world.sources[0].subscribe(next: { world.next($0) }, terminal: { event in
                isCancelled = true
                world.end(event)
            }))
        })
    }

    static var throttle: ReentrancyCase {
        // A value sent from inside the delivery of a throttled one waits its own interval.
        // (RAC's flush clears the waiting value after it sent it, dropping one sent meanwhile;
        // see the README.)
        check("throttle(_:on:)", parameters: 1...3,
              build: { scheduler, sources, interval in sources[0].throttle(TimeInterval(interval), on: scheduler) },
              model: { world, interval in
            var waiting: Int?
            var generation = 0
            let bag = ModelBag()
            world.onDispose = { bag.dispose(); generation += 1 }
            bag.add(world.sources[0].subscribe(next: { value in
                generation += 1
                let timer = generation
                waiting = value
                world.schedule(at: world.now + interval) {
                    guard generation == timer, let value = waiting else { return }
                    waiting = nil
                    world.next(value)
                }
            }, terminal: { event in
                generation += 1
                guard event == .completed else { waiting = nil; world.end(event); return }
                if let value = waiting {
                    waiting = nil
                    world.next(value)
                }
                world.end(.completed)
            }))
        })
    }

    /// RAC's merge of every world source: values as they come, the first error ends it, and
    /// it completes once every source has.
    private static func modelMerge(_ world: ModelWorld) {
        var active = world.sources.count
        let bag = ModelBag()
        world.onDispose = { bag.dispose() }
        for source in world.sources {
            bag.add(source.subscribe(next: { world.next($0) }, terminal: { event in
                guard event == .completed else { world.end(event); return }
                active -= 1
                if active == 0 { world.end(.completed) }
            }))
        }
    }

    /// An array of small values as one integer: each value + 1 as a base-16 digit.
    private static func encode(_ values: [Int]) -> Int {
        values.reduce(0) { $0 * 16 + $1 + 1 }
    }
}

/// RAC's -combineLatestWith: as a model component.
private final class ModelCombineLatestWith {
    let bag = ModelBag()
    private let combine: (Int, Int) -> Int
    private let next: (Int) -> Void
    private let terminal: (ReentrantEvent) -> Void
    private var latest: [Int?] = [nil, nil]
    private var completed = [false, false]
    private var isDone = false

    init(combine: @escaping (Int, Int) -> Int, next: @escaping (Int) -> Void, terminal: @escaping (ReentrantEvent) -> Void) {
        self.combine = combine
        self.next = next
        self.terminal = terminal
    }

    func subscribe(_ side: Int, to subject: ModelSubject) {
        bag.add(subject.subscribe(next: { [unowned self] in receive(side, .value($0)) },
                                  terminal: { [unowned self] in receive(side, $0) }))
    }

    private func end(_ event: ReentrantEvent) {
        guard !isDone else { return }
        isDone = true
        bag.dispose()
        terminal(event)
    }

    func receive(_ side: Int, _ event: ReentrantEvent) {
        guard !isDone else { return }
        switch event {
        case .value(let value):
            latest[side] = value
            guard let first = latest[0], let second = latest[1] else { return }
            next(combine(first, second))
        case .completed:
            completed[side] = true
            if completed[0], completed[1] { end(.completed) }
        case .error:
            end(event)
        }
    }
}

/// bind's completion rule in the models: the outer signal and each live inner signal are
/// counted, and the output completes when the last of them has ended.
private final class RunningSignals {
    private var count = 1
    private let world: ModelWorld

    init(_ world: ModelWorld) { self.world = world }

    func started() { count += 1 }

    func ended() {
        count -= 1
        if count == 0 { world.end(.completed) }
    }
}
