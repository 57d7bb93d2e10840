// A file that imports both a Combine API and RACSwift, as most app files on Apple platforms do.
// `Subject`, `Subscriber` and `Scheduler` name protocols in (Open)Combine and classes in
// RACSwift, so here they are ambiguous; the RAC names are not. The program also runs: it
// bridges a Combine publisher into a RAC signal and back, and checks what arrives.
import Foundation
import OpenCombine
import RACSwift

/// A Combine publisher's output as a RAC signal; cancelling is disposing.
func racSignal<Output: Sendable, Failure: Error>(from publisher: AnyPublisher<Output, Failure>) -> RACSignal<Output> {
    // OpenCombine's publishers and AnyCancellable are not Sendable; RACSwift's closures are.
    // The publisher is only subscribed to, and `cancel()` is thread-safe, so this bridge opts
    // out of the check (the article "Signals and Swift Concurrency" names the opt-out).
    nonisolated(unsafe) let publisher = publisher
    return RACSignal<Output>.create { (subscriber: any RACSubscriber<Output>) in
        nonisolated(unsafe) let cancellable = publisher.sink(
            receiveCompletion: { completion in
                switch completion {
                case .finished: subscriber.sendCompleted()
                case .failure(let error): subscriber.sendError(error)
                }
            },
            receiveValue: { subscriber.sendNext($0) }
        )
        return RACDisposable { cancellable.cancel() }
    }
}

let combineSubject = PassthroughSubject<Int, Never>()            // Combine's subject
let racSubject = RACSubject<Int>()                                // RAC's
let replay = RACReplaySubject<String>(capacity: 1)
let state = RACBehaviorSubject<Bool>(defaultValue: false)
let scheduler: RACScheduler = RACScheduler.immediate
let test = RACTestScheduler()
let events: [RACEvent<Int>] = [.next(1), .completed]
let compound = RACCompoundDisposable()
let serial = RACSerialDisposable()
let connection: RACMulticastConnection<Int> = racSubject.publish()

nonisolated(unsafe) var received: [String] = []
compound.add(
    racSignal(from: combineSubject.eraseToAnyPublisher())
        .map { $0 * 10 }
        .merge(racSubject)
        .deliver(on: scheduler)
        .subscribeNext { received.append("next \($0)") }
)
serial.swap(with: connection.connect())
combineSubject.send(1)
racSubject.sendNext(2)
combineSubject.send(3)
replay.sendNext("replayed")
state.sendNext(true)

let sequence: RACSignal<RACEvent<Int>> = RACSignal.from(events)
compound.add(sequence.dematerialize().subscribeNext { received.append("event \($0)") })
compound.add(replay.subscribeNext { received.append($0) })
// The app layer's RAC names: a channel, and a command (which needs the Observation framework).
let channel = RACChannel<String>()
let terminal: RACChannelTerminal<String> = channel.followingTerminal
compound.add(terminal.subscribeNext { received.append("channel \($0)") })
channel.leadingTerminal.sendNext("from the view")
if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
    let command = RACCommand<Int, Int> { RACSignal.return($0 * 2) }
    received.append("command enabled \((try? command.enabled.first()) == true)")
}

_ = test.scheduledCount
compound.dispose()
serial.dispose()

var expected = ["next 10", "next 2", "next 30", "event 1", "replayed", "channel from the view"]
if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) { expected.append("command enabled true") }
guard received == expected else {
    print("combine-coexistence: expected \(expected), got \(received)")
    exit(1)
}
print("combine-coexistence: OpenCombine and RACSwift side by side, RAC names: ok")
