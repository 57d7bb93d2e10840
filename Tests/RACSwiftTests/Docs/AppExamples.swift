import DocExampleSupport
import Foundation
import Observation
import RACSwift
import XCTest

// The models of CommandsAndBindings.md, declared as the article shows them.

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class Account: @unchecked Sendable {
    var userName = "ada"
    var signedIn = false
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class Form: @unchecked Sendable {
    var nameField = ""
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SignInForm: ReactiveObject {
    @Observed var nameField = ""
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class UserAccount: ReactiveObject {
    @Observed var userName = "ada"
}

@MainActor final class StatusLabel {
    var text = ""
}

final class Banner {
    private(set) var greetings: [String] = []
    func greet(_ name: String, times: Int) { greetings.append("\(name) ×\(times)") }
}

final class TickerScreen {
    let lifetime: Lifetime
    private let token: Lifetime.Token

    init(ticks: Signal<Int>, show: @escaping @Sendable (String) -> Void) {
        (lifetime, token) = Lifetime.make()
        ticks.take(during: lifetime)
            .subscribe(next: { show("tick \($0)") }, completed: { show("screen closed") })
        lifetime.disposable.add(Disposable { show("cleaned up") })
    }
}

/// The examples of CommandsAndBindings.md, run as written (ArticleExamplesTests checks that
/// the article's blocks are these). The tests run on the main thread, where commands start
/// their executions and property observation reads its values: they spin the main run loop
/// as an app's event loop would.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class AppExamples: RACTestCase {
    private func runMainLoop(until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        while !condition(), Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.001)) }
        XCTAssertTrue(condition(), "timed out")
    }

    private func drainMainLoop() {
        for _ in 0..<20 { RunLoop.main.run(until: Date().addingTimeInterval(0.001)) }
    }

    func testCommand() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let signIn = Command<String, Bool> { name in
            Signal.return(name != "mallory")
        }
        let watching = signIn.executing.subscribeNext { print("executing:", $0) }
        signIn.execute("ada").subscribeNext { print("signed in:", $0) }
        // executing: false, executing: true, signed in: true, executing: false

        runMainLoop { printed.lines.count == 4 }
        XCTAssertEqual(printed.lines, ["executing: false", "executing: true", "signed in: true", "executing: false"])
        watching.dispose()
    }

    func testExecutionSignalsAndErrors() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        struct Offline: Error {}
        let load = Command<Int, String> { page in
            page < 3 ? Signal.return("page \(page)") : Signal.error(Offline())
        }
        let results = load.executionSignals.switchToLatest().subscribeNext { print($0) }
        let failures = load.errors.subscribeNext { print("failed:", $0) }
        load.execute(1)
        // page 1

        runMainLoop { printed.lines.count == 1 }
        drainMainLoop()

        load.execute(3)
        // failed: Offline()

        runMainLoop { printed.lines.count == 2 }
        drainMainLoop()
        XCTAssertEqual(printed.lines, ["page 1", "failed: Offline()"])
        results.dispose()
        failures.dispose()
    }

    func testConcurrentExecution() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let replies = Subject<String>()

        let search = Command<String, String> { _ in replies }
        search.execute("ada")
        search.execute("grace").subscribeError { print($0) }
        // notEnabled: one execution at a time by default
        search.allowsConcurrentExecution = true
        search.execute("grace")  // runs alongside the first

        XCTAssertEqual(printed.lines, ["notEnabled"])
        drainMainLoop()
        replies.sendCompleted()
        runMainLoop { (try? search.executing.first()) == false }
        drainMainLoop()
    }

    func testDisabledCommand() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let formIsValid = BehaviorSubject(defaultValue: false)
        let save = Command<Void, String>(enabled: formIsValid) { _ in .return("saved") }
        save.execute(()).subscribeError { print($0) }
        // notEnabled: the signal block did not run
        formIsValid.sendNext(true)
        save.execute(()).subscribeNext { print($0) }
        // saved

        runMainLoop { printed.lines.count == 2 }
        XCTAssertEqual(printed.lines, ["notEnabled", "saved"])
        formIsValid.sendCompleted()
    }

    func testSetKeyPath() {
        let account = Account()
        let signIn = Command<String, Bool> { name in Signal.return(name != "mallory") }

        // RAC(account, signedIn) = [signIn.executionSignals switchToLatest];
        let binding = signIn.executionSignals.switchToLatest().setKeyPath(\.signedIn, on: account)
        signIn.execute("ada")

        runMainLoop { account.signedIn }
        binding.dispose()
    }

    func testSetKeyPathOnTheMainActor() {
        let status = Subject<String>()
        MainActor.assumeIsolated {
            let label = StatusLabel()

            // A @MainActor type's key path is not Sendable: bind it on the main actor.
            let binding = status.onMainActor.setKeyPath(\.text, on: label)
            status.sendNext("Signing in…")

            XCTAssertEqual(label.text, "Signing in…")
            binding.dispose()
        }
    }

    func testObservingAProperty() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let account = Account()
        let names = account.signal(for: \.userName).subscribeNext { print("name:", $0) }
        // name: ada (the current value, at once)
        account.userName = "ada.l"
        account.userName = "ada.lovelace"
        // name: ada.lovelace (later, on the main thread: the two changes coalesce)

        XCTAssertEqual(printed.lines, ["name: ada"])
        runMainLoop { printed.lines.count == 2 }
        drainMainLoop()
        XCTAssertEqual(printed.lines, ["name: ada", "name: ada.lovelace"])
        names.dispose()
    }

    func testObservingOnAScheduler() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let account = Account()

        let scheduler = TestScheduler()
        let signedIn = account.signal(for: \.signedIn, on: scheduler).subscribeNext { print($0) }
        account.signedIn = true
        // (nothing yet: the new value is read on the scheduler, after the change)
        scheduler.run()
        // false, true

        XCTAssertEqual(printed.lines, ["false", "true"])
        signedIn.dispose()
    }

    func testObservingAnExpression() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let scheduler = TestScheduler()

        let account = Account()
        let greeting = Signal.observing(on: scheduler) {
            account.signedIn ? "Hello, \(account.userName)" : "Please sign in"
        }
        let shown = greeting.subscribeNext { print($0) }
        account.signedIn = true
        scheduler.run()
        // Please sign in, Hello, ada

        XCTAssertEqual(printed.lines, ["Please sign in", "Hello, ada"])
        shown.dispose()
    }

    func testObservedObjectGoesAway() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let scheduler = TestScheduler()

        var account: Account? = Account()
        let names = account!.signal(for: \.userName, on: scheduler)
            .subscribe(next: { print($0) }, completed: { print("completed") })
        account = nil
        scheduler.run()
        // ada, completed: the signal holds the object weakly

        XCTAssertEqual(printed.lines, ["ada", "completed"])
        names.dispose()
    }

    func testTwoWayBindingOnReactiveObjectsIsSynchronous() {
        let form = SignInForm()
        let account = UserAccount()
        let formValues = Fixture.Log<String>()
        let formObservation = form.signal(for: \.nameField).subscribeNext { formValues.append($0) }
        let accountValues = Fixture.Log<String>()
        let accountObservation = account.signal(for: \.userName).subscribeNext { accountValues.append($0) }

        // RACChannelTo(form, nameField) = RACChannelTo(account, userName);
        let binding = form.channelTerminal(for: \.nameField)
            .bind(to: account.channelTerminal(for: \.userName))
        // form.nameField == "ada": the form takes the account's value first
        form.nameField = "ada.lovelace"
        // account.userName == "ada.lovelace", at once
        account.userName = "grace"
        // form.nameField == "grace", at once

        XCTAssertEqual(formValues.all, ["", "ada", "ada.lovelace", "grace"], "the account's value first, then each change once")
        XCTAssertEqual(accountValues.all, ["ada", "ada.lovelace", "grace"], "the form's change reached the account at once")
        formObservation.dispose()
        accountObservation.dispose()
        XCTAssertEqual(form.nameField, "grace")
        XCTAssertEqual(account.userName, "grace", "the form's own write is not echoed back")
        binding.dispose()
    }

    func testTwoWayBinding() {
        let account = Account()
        let form = Form()

        // Account and Form are plain @Observable classes here.
        let binding = form.channelTerminal(for: \.nameField)
            .bind(to: account.channelTerminal(for: \.userName))
        // form.nameField == "ada": the form takes the account's value first

        XCTAssertEqual(form.nameField, "ada")

        form.nameField = "ada.lovelace"
        // account.userName == "ada.lovelace" later: on the main thread, after this code returns to the run loop

        XCTAssertEqual(account.userName, "ada", "not yet: the new value is read after a turn of the run loop")
        runMainLoop { account.userName == "ada.lovelace" }
        drainMainLoop()

        account.userName = "grace"
        // form.nameField == "grace" later, the same way

        runMainLoop { form.nameField == "grace" }
        drainMainLoop()
        XCTAssertEqual(account.userName, "grace")
        binding.dispose()
    }

    func testChannel() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let channel = Channel<String>()
        let toModel = channel.followingTerminal.subscribeNext { print("model got", $0) }
        let toView = channel.leadingTerminal.subscribeNext { print("view got", $0) }
        channel.leadingTerminal.sendNext("from the view")
        channel.followingTerminal.sendNext("from the model")
        // model got from the view, view got from the model

        XCTAssertEqual(printed.lines, ["model got from the view", "view got from the model"])
        toModel.dispose()
        toView.dispose()
    }

    func testLifetime() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let ticks = Subject<Int>()

        var screen: TickerScreen? = TickerScreen(ticks: ticks) { print($0) }
        ticks.sendNext(1)
        screen = nil
        // tick 1, cleaned up, screen closed
        ticks.sendNext(2)
        // (nothing: the subscription ended with the screen)

        XCTAssertNil(screen)
        XCTAssertEqual(printed.lines, ["tick 1", "cleaned up", "screen closed"])
    }

    func testLiftSelector() {
        let banner = Banner()
        let names = BehaviorSubject(defaultValue: "Ada")
        let counts = Subject<Int>()

        // [banner rac_liftSelector:@selector(greet:times:) withSignals:names, counts, nil];
        Signal.combineLatest(names, counts).lift(into: banner) { $0.greet($1, times: $2) }
        counts.sendNext(2)
        names.sendNext("Grace")
        // banner.greetings == ["Ada ×2", "Grace ×2"]

        XCTAssertEqual(banner.greetings, ["Ada ×2", "Grace ×2"])
        counts.sendCompleted()
        names.sendCompleted()
    }

    func testLiftSelectorOnSelf() {
        weak var released: UsernameForm?
        let usernames = BehaviorSubject(defaultValue: "ada")
        do {
            let form = UsernameForm(usernames: usernames)
            usernames.sendNext("grace")
            XCTAssertEqual(form.checked, ["ada", "grace"])
            released = form
        }
        XCTAssertNil(released, "the lifted subscription kept the form alive")
        usernames.sendNext("ends the subscription")
    }

    func testWeakTargetGreeter() {
        let names = Subject<String>()
        weak var released: HelloGreeter?
        do {
            let greeter = HelloGreeter(names: names)
            names.sendNext("Ada")
            XCTAssertEqual(greeter.greetings, ["hello Ada"])
            released = greeter
        }
        XCTAssertNil(released)
        names.sendNext("ends the subscription")
    }

    @MainActor
    func testWeakifyStrongify() {
        weak var released: PortedGreeter?
        do {
            let greeter = PortedGreeter()
            greeter.name.sendNext("Ada")
            XCTAssertEqual(greeter.greeting, "Hello, Ada")
            released = greeter
        }
        XCTAssertNil(released, "the subscription kept its target alive")
    }

    func testCommandOnATestScheduler() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let scheduler = TestScheduler()
        do {
            let save = Command<String, Bool>(scheduler: scheduler) { text in
                Signal.return(!text.isEmpty)
            }
            let saving = save.execute("draft").subscribeNext { print("saved:", $0) }
            // (nothing yet: the execution starts when the test runs the scheduler)
            scheduler.run()
            // saved: true

            XCTAssertEqual(printed.lines, ["saved: true"])
            saving.dispose()
        }
        scheduler.run()   // the command's signals complete on its scheduler as it goes away
    }

    func testAnyCommandForAControl() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let refresh = Command<Int, String>(scheduler: .immediate) { page in Signal.return("page \(page)") }
        let button = RefreshButton()
        button.command = AnyCommand(refresh) { (_: RefreshButton) in 1 }   // the button passes itself
        let shown = refresh.executionSignals.flatten().subscribeNext { print($0) }
        button.tap()
        // page 1

        XCTAssertEqual(printed.lines, ["page 1"])
        shown.dispose()
    }
}

/// MemoryManagement.md's "Signals Derived from `self`": a model lifting its own method.
final class UsernameForm {
    private(set) var checked: [String] = []

    init(usernames: Signal<String>) {
        // [self rac_liftSelector:@selector(check:) withSignals:usernames, nil];
        usernames.lift(into: self) { $0.check($1) }
    }

    func check(_ username: String) { checked.append(username) }
}

/// A control with a `rac_command`: it executes the command with itself as input.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class RefreshButton {
    var command: AnyCommand<RefreshButton>?
    func tap() { command?.execute(self) }
}

/// The porting guide's `@weakify(self)` example: a main-actor object subscribing to its own
/// subject, with the weak-target form instead of a capture list.
@MainActor
final class PortedGreeter {
    let name = Subject<String>()
    private(set) var greeting = ""
    private let disposables = CompoundDisposable()

    init() {
        disposables.add(name.map { "Hello, \($0)" }.onMainActor.subscribeNext(weak: self) { greeter, text in
            greeter.greeting = text
        })
    }

    deinit { disposables.dispose() }
}

/// "Signals and Swift Concurrency", the weak-target forms: a plain class, not `Sendable`.
final class HelloGreeter {
    private(set) var greetings: [String] = []

    init(names: Signal<String>) {
        names.subscribeNext(weak: self) { greeter, name in greeter.greetings.append("hello \(name)") }
    }
}
