import Foundation
import Observation
import XCTest
@testable import RACSwift

/// `channelTerminal(for:on:)` (RACChannelTo / RACKVOChannel) and `bind(to:)`
/// (`RACChannelTo(a, x) = RACChannelTo(b, y)`).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class KeyPathChannelTests: RACTestCase {
    private let scheduler = TestScheduler()

    func testSendsTheCurrentValueToEachNewSubscriber() {
        let person = Person()
        let terminal = person.channelTerminal(for: \.first, on: scheduler)
        nonisolated(unsafe) var first: [String] = []
        nonisolated(unsafe) var second: [String] = []
        let a = terminal.subscribeNext { first.append($0) }
        person.first = "Grace"
        scheduler.run()
        let b = terminal.subscribeNext { second.append($0) }
        XCTAssertEqual(first, ["Ada", "Grace"])
        XCTAssertEqual(second, ["Grace"])
        a.dispose()
        b.dispose()
        terminal.sendCompleted()
    }

    func testSetsTheValuesSentIntoIt() {
        let person = Person()
        let terminal = person.channelTerminal(for: \.age, on: scheduler)
        terminal.sendNext(40)
        XCTAssertEqual(person.age, 40)
        terminal.sendNext(41)
        XCTAssertEqual(person.age, 41)
        terminal.sendCompleted()
    }

    func testDoesNotSendBackItsOwnWrites() {
        let person = Person()
        let terminal = person.channelTerminal(for: \.age, on: scheduler)
        nonisolated(unsafe) var received: [Int] = []
        let subscription = terminal.subscribeNext { received.append($0) }
        terminal.sendNext(40)
        terminal.sendNext(41)
        scheduler.run()
        XCTAssertEqual(received, [36])
        // A change made by someone else still arrives.
        person.age = 50
        scheduler.run()
        XCTAssertEqual(received, [36, 50])
        subscription.dispose()
        terminal.sendCompleted()
    }

    /// A model that clamps what is written: the second change is made inside the write.
    @Observable final class ClampedLevel: @unchecked Sendable {
        @ObservationIgnored private var stored = 0

        var level: Int {
            get {
                access(keyPath: \.level)
                return stored
            }
            set {
                withMutation(keyPath: \.level) { stored = newValue }
                if stored > 10 { withMutation(keyPath: \.level) { stored = 10 } }
            }
        }
    }

    func testAClampMadeDuringItsOwnWriteIsNotSentBackUntilTheNextChange() {
        // The documented limit (porting guide, "The app layer"): the own write uses up
        // Observation's one report, so the clamp inside it is not seen, where RACKVOChannel
        // (and the synchronous terminal) ignores only the first change and sends the clamp.
        let model = ClampedLevel()
        let terminal = model.channelTerminal(for: \.level, on: scheduler)
        nonisolated(unsafe) var received: [Int] = []
        let subscription = terminal.subscribeNext { received.append($0) }
        terminal.sendNext(20)
        scheduler.run()
        XCTAssertEqual(model.level, 10)
        XCTAssertEqual(received, [0])
        model.level = 3
        scheduler.run()
        XCTAssertEqual(received, [0, 3])
        subscription.dispose()
        terminal.sendCompleted()
    }

    func testCompletesAndIsReleasedWhenTheObjectGoesAway() {
        var person: Person? = Person()
        var terminal: ChannelTerminal<String>? = person!.channelTerminal(for: \.first, on: scheduler)
        weak let weakTerminal = terminal
        nonisolated(unsafe) var events: [Event<String>] = []
        terminal!.materialize().subscribeNext { events.append($0) }
        terminal = nil
        person = nil
        scheduler.run()
        XCTAssertEqual(events, [.next("Ada"), .completed])
        XCTAssertNil(weakTerminal)
    }

    func testCompletionSentIntoItEndsTheChannel() {
        let person = Person()
        let terminal = person.channelTerminal(for: \.first, on: scheduler)
        nonisolated(unsafe) var events: [Event<String>] = []
        terminal.materialize().subscribeNext { events.append($0) }
        terminal.sendCompleted()
        terminal.sendNext("Grace")
        person.first = "Barbara"
        scheduler.run()
        XCTAssertEqual(person.first, "Barbara")
        XCTAssertEqual(events, [.next("Ada"), .completed])
    }

    func testBindTakesTheOtherSidesCurrentValueThenSyncsBothWays() {
        var a = Person(), b = Person()
        defer {
            // The observations end when their objects go away, on their scheduler.
            (a, b) = (Person(), Person())
            scheduler.run()
        }
        b.first = "Grace"
        let binding = a.channelTerminal(for: \.first, on: scheduler).bind(to: b.channelTerminal(for: \.first, on: scheduler))
        XCTAssertEqual(a.first, "Grace")
        XCTAssertEqual(b.first, "Grace")
        a.first = "Barbara"
        scheduler.run()
        XCTAssertEqual(b.first, "Barbara")
        b.first = "Margaret"
        scheduler.run()
        XCTAssertEqual(a.first, "Margaret")
        XCTAssertEqual(scheduler.scheduledCount, 0, "no echo loop")
        binding.dispose()
        a.first = "Radia"
        scheduler.run()
        XCTAssertEqual(b.first, "Margaret", "a disposed binding does not sync")
    }

    /// No scheduler given: changes made on the main thread sync through the main queue.
    func testBindOnTheMainThreadWithoutAScheduler() {
        var a = Person(), b = Person()
        b.age = 50
        let binding = a.channelTerminal(for: \.age).bind(to: b.channelTerminal(for: \.age))
        XCTAssertEqual(a.age, 50)
        a.age = 51
        XCTAssertEqual(b.age, 50, "delivered on the main queue, after this block")
        XCTAssertTrue(spinMainLoop { b.age == 51 })
        b.age = 52
        XCTAssertTrue(spinMainLoop { a.age == 52 })
        drainMainLoop()
        XCTAssertEqual([a.age, b.age], [52, 52])
        binding.dispose()
        (a, b) = (Person(), Person())  // the channels end with their objects, on the main queue
    }

    func testBindEndsWhenEitherObjectGoesAway() {
        let a = Person()
        var b: Person? = Person()
        b!.first = "Grace"
        let binding = a.channelTerminal(for: \.first, on: scheduler).bind(to: b!.channelTerminal(for: \.first, on: scheduler))
        b = nil
        scheduler.run()
        a.first = "Barbara"
        scheduler.run()
        XCTAssertEqual(a.first, "Barbara")
        XCTAssertEqual(scheduler.scheduledCount, 0)
        _ = binding
    }

    // MARK: An app: a settings screen bound to its model

    @Observable final class SettingsModel: @unchecked Sendable {
        var userName = "ada"
        var fontSize = 12
        var saves = 0
    }

    @Observable final class SettingsViewModel: @unchecked Sendable {
        var nameField = ""
        var fontSizeStepper = 0
        let lifetime: Lifetime
        @ObservationIgnored private let token: Lifetime.Token

        init(model: SettingsModel, scheduler: Scheduler) {
            (lifetime, token) = Lifetime.make()
            lifetime.disposable.add(channelTerminal(for: \.nameField, on: scheduler)
                .bind(to: model.channelTerminal(for: \.userName, on: scheduler)))
            lifetime.disposable.add(channelTerminal(for: \.fontSizeStepper, on: scheduler)
                .bind(to: model.channelTerminal(for: \.fontSize, on: scheduler)))
        }
    }

    func testAViewModelBoundToItsModel() {
        var model = SettingsModel()
        var viewModel: SettingsViewModel? = SettingsViewModel(model: model, scheduler: scheduler)

        // The screen opens showing the model's values.
        XCTAssertEqual(viewModel!.nameField, "ada")
        XCTAssertEqual(viewModel!.fontSizeStepper, 12)

        // The user edits the field and the stepper: the model follows.
        viewModel!.nameField = "ada.lovelace"
        viewModel!.fontSizeStepper = 14
        scheduler.run()
        XCTAssertEqual(model.userName, "ada.lovelace")
        XCTAssertEqual(model.fontSize, 14)

        // A sync from the server changes the model: the screen follows.
        model.userName = "countess"
        scheduler.run()
        XCTAssertEqual(viewModel!.nameField, "countess")
        XCTAssertEqual(scheduler.scheduledCount, 0, "nothing bounces back and forth")

        // The screen closes: the bindings end with the view model's lifetime.
        weak let weakViewModel = viewModel
        viewModel = nil
        XCTAssertNil(weakViewModel)
        scheduler.run()
        model.fontSize = 20
        scheduler.run()
        XCTAssertEqual(scheduler.scheduledCount, 0)

        // The model's own terminals observe it until it goes away (RAC's KVO channels live
        // until their target is deallocated).
        model = SettingsModel()
        scheduler.run()
    }
}
