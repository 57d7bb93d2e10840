import Foundation
import RACSwift
import Testing

/// The app layer's preconditions, in a child process (as `MisuseTests`): the observation
/// API rejects `Scheduler.immediate`, which would read a value in Observation's `willSet`,
/// before the change.
@Suite("App-layer misuse stops with a message naming the API and the argument")
struct AppMisuseTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func signalForKeyPathRejectsImmediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Person().signal(for: \.first, on: .immediate)
        }
        expectStandardError(result, contains: "Observable.signal(for:on:): scheduler must not be Scheduler.immediate, which would read the value before the change")
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func observingRejectsImmediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal.observing(on: .immediate) { 1 }
        }
        expectStandardError(result, contains: "Signal.observing(on:_:): scheduler must not be Scheduler.immediate, which would read the value before the change")
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func channelTerminalRejectsImmediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Person().channelTerminal(for: \.first, on: .immediate)
        }
        expectStandardError(result, contains: "Observable.channelTerminal(for:on:): scheduler must not be Scheduler.immediate, which would read the value before the change")
    }
}
