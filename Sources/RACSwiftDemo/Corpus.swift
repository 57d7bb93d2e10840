// The search server's corpus: RACSwift's operators and sources, each with its RAC name and a
// one-line description. Shipped with the demonstration so that its answers are real
// searches over real text.
let corpusText = """
    map(_:) | -map: | Transforms each value with a closure.
    mapReplace(_:) | -mapReplace: | Replaces each value with the same constant.
    filter(_:) | -filter: | Lets through only the values passing a test.
    ignore(_:) | -ignore: | Drops the values equal to a given one.
    reduceEach(_:) | -reduceEach: | Reduces each tuple value with a closure of its elements.
    startWith(_:) | -startWith: | Sends a value first, then the signal's values.
    skip(_:) | -skip: | Drops the first n values.
    take(_:) | -take: | Sends the first n values, then completes.
    take(while:) | -takeWhileBlock: | Sends values while a test passes, then completes.
    take(until:) | -takeUntil: | Sends values until a trigger signal sends or completes.
    take(untilReplacement:) | -takeUntilReplacement: | Sends values until a replacement signal sends, then switches to it.
    skip(while:) | -skipWhileBlock: | Drops values while a test passes.
    scan(withStart:reduce:) | -scanWithStart:reduce: | Sends each running total of a reduction.
    combinePrevious(withStart:reduce:) | -combinePreviousWithStart:reduce: | Combines each value with the one before it.
    distinctUntilChanged() | -distinctUntilChanged | Drops a value equal to the one just sent.
    zip(with:) | -zipWith: | Pairs the values of two signals, in order.
    Signal.zip(_:) | +zip: | Combines the nth values of several signals.
    concat(_:) | -concat: | Sends another signal's values once this one completes.
    Signal.concat(_:) | +concat: | Subscribes to signals one after another.
    flattenMap(_:) | -flattenMap: | Maps each value to a signal and merges them all.
    flatten() | -flatten | Merges the signals a signal of signals sends.
    flatten(maxConcurrent:) | -flatten: | Merges inner signals, at most n at a time.
    concat() | -concat | Subscribes to the inner signals one after another.
    switchToLatest() | -switchToLatest | Forwards the latest inner signal only, disposing the one before.
    merge(_:) | -merge: | Sends the values of two signals as they come.
    Signal.merge(_:) | +merge: | Sends the values of many signals as they come.
    combineLatest(with:) | -combineLatestWith: | Sends the latest pair each time either signal sends.
    Signal.combineLatest(_:) | +combineLatest: | Sends the latest value of every signal each time one sends.
    sample(_:) | -sample: | Sends the latest value each time a sampler sends.
    Signal.if(_:then:else:) | +if:then:else: | Switches between two signals on a boolean signal.
    Signal.switch(_:cases:default:) | +switch:cases:default: | Switches to the signal a key selects.
    window(withStart:close:) | -windowWithStart:close: | Splits values into windows opened and closed by signals.
    doNext(_:) | -doNext: | Runs a side effect for each value.
    doError(_:) | -doError: | Runs a side effect on an error.
    doCompleted(_:) | -doCompleted: | Runs a side effect on completion.
    initially(_:) | -initially: | Runs a side effect on each subscription.
    finally(_:) | -finally: | Runs a side effect when the signal ends.
    Signal.defer(_:) | +defer: | Creates the signal anew for each subscription.
    catch(_:) | -catch: | Replaces an error with the signal a closure returns.
    catch(to:) | -catchTo: | Replaces an error with a given signal.
    Signal.try(_:) | +try: | A signal of a throwing closure's result.
    tryMap(_:) | -tryMap: | Maps each value with a closure that may throw.
    repeat() | -repeat | Subscribes again each time the signal completes.
    retry(_:) | -retry: | Subscribes again after an error, up to n times.
    then(_:) | -then: | Ignores the values, then subscribes to another signal.
    ignoreValues() | -ignoreValues | Sends only the terminal event.
    takeLast(_:) | -takeLast: | Sends the last n values once the signal completes.
    collect() | -collect | Sends every value as one array on completion.
    buffer(_:) | -buffer: | Sends the values in arrays of n.
    aggregate(withStart:reduce:) | -aggregateWithStart:reduce: | Sends the final result of a reduction.
    any() | -any | Sends whether the signal sent any value.
    all(_:) | -all: | Sends whether every value passed a test.
    materialize() | -materialize | Sends each event as a value.
    dematerialize() | -dematerialize | Turns event values back into events.
    not() | -not | Negates boolean values.
    and() | -and | Sends whether all the booleans of a tuple are true.
    or() | -or | Sends whether any boolean of a tuple is true.
    setKeyPath(_:on:) | -setKeyPath:onObject: | Writes each value to an object's property.
    throttle(_:on:) | -throttle: | Sends a value once no newer one came for an interval (Rx's debounce).
    delay(_:on:) | -delay: | Sends each value later, by an interval.
    buffer(withTime:on:) | -bufferWithTime:onScheduler: | Sends the values of each interval as an array.
    Signal.interval(_:on:) | +interval:onScheduler: | Sends the date at every interval.
    timeout(_:on:) | -timeout:onScheduler: | Fails if the signal has not ended within an interval.
    deliver(on:) | -deliverOn: | Sends the events on a scheduler.
    deliverOnMainThread() | -deliverOnMainThread | Sends the events on the main thread.
    subscribe(on:) | -subscribeOn: | Subscribes and disposes on a scheduler.
    Subject | RACSubject | A signal you send values to by hand.
    ReplaySubject | RACReplaySubject | A subject that replays its values to new subscribers.
    BehaviorSubject | RACBehaviorSubject | A subject that sends its latest value to new subscribers.
    publish() | -publish | Shares one subscription through a connection.
    multicast(_:) | -multicast: | Shares one subscription through a subject.
    replay() | -replay | Shares one subscription and replays every value.
    replayLast() | -replayLast | Shares one subscription and replays the latest value.
    replayLazily() | -replayLazily | Shares and replays, subscribing on first use.
    groupBy(_:) | -groupBy: | Splits the values into signals by key.
    Signal.startEagerly(on:_:) | +startEagerlyWithScheduler:block: | Starts work now and replays its result.
    Signal.startLazily(on:_:) | +startLazilyWithScheduler:block: | Starts work on first subscription and replays it.
    first() | -first | Blocks until the first value.
    toArray() | -toArray | Blocks until completion and returns every value.
    waitUntilCompleted() | -waitUntilCompleted: | Blocks until the signal completes.
    Signal.create(_:) | +createSignal: | A signal that runs a block for each subscriber.
    Signal.return(_:) | +return: | Sends one value, then completes.
    Signal.empty | +empty | Completes at once.
    Signal.never | +never | Sends nothing, ever.
    Signal.error(_:) | +error: | Fails at once.
    NotificationCenter.signal(forName:object:) | -rac_addObserverForName:object: | Sends the notifications posted with a name.
    URLSession.signal(for:) | +rac_sendAsynchronousRequest: | Performs a request per subscription and sends its response.
    FileHandle.readInBackground() | -rac_readInBackground | Sends a file's or pipe's data as it arrives.
    Signal.contents(of:on:) | +rac_readContentsOfURL:options:scheduler: | Reads a file on a scheduler and sends its contents.
    """
