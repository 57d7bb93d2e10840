// racswift-app-demo: a sign-in screen, as a RAC 2 app would write it with RACCommand and
// RACChannelTo, in RACSwift. Run it with `swift run racswift-app-demo`.
import Foundation
import Observation
import RACSwift

/// The app's state, shared by every screen.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class Account: @unchecked Sendable {
    var userName = "ada"
    var signedIn = false
}

/// The sign-in screen: its text field is bound two ways to the account's user name, and its
/// button runs a command that is enabled only while the name is long enough.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class SignInViewModel: @unchecked Sendable {
    var nameField = ""
    @ObservationIgnored let signIn: Command<String, Bool>
    @ObservationIgnored let lifetime: Lifetime
    @ObservationIgnored private let token: Lifetime.Token

    init(account: Account) {
        (lifetime, token) = Lifetime.make()
        // `signIn` is set after the binding below, so the enabled signal is built from the
        // account, whose name the field follows.
        let nameIsValid = account.signal(for: \.userName).map { $0.count >= 3 }
        signIn = Command(enabled: nameIsValid) { name in
            // Stands for a network request: answers after 0.2 s, on a background queue.
            Signal.return(name != "mallory").delay(0.2, on: .background())
        }
        // RACChannelTo(self, nameField) = RACChannelTo(account, userName)
        lifetime.disposable.add(
            channelTerminal(for: \.nameField).bind(to: account.channelTerminal(for: \.userName)))
        // RAC(account, signedIn) = [signIn.executionSignals switchToLatest]
        lifetime.disposable.add(signIn.executionSignals.switchToLatest().setKeyPath(\.signedIn, on: account))
    }
}

/// Runs the main run loop until `condition` holds (the app's event loop).
func runMainLoop(until condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(5)
    while !condition(), Date() < deadline {
        RunLoop.current.run(until: Date().addingTimeInterval(0.01))
    }
}

if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
    let account = Account()
    let screen = SignInViewModel(account: account)
    // Main-actor code (top-level code is): the closures below run on the main actor.
    var log: [String] = []
    let subscriptions = CompoundDisposable([
        screen.signIn.executing.onMainActor.subscribeNext { log.append("  executing: \($0)") },
        screen.signIn.enabled.onMainActor.subscribeNext { log.append("  button enabled: \($0)") },
        account.signal(for: \.signedIn).onMainActor.subscribeNext { log.append("  account.signedIn: \($0)") },
    ])
    func show(_ step: String) {
        // Lets the main-thread work the step queued run, as an app's event loop would.
        for _ in 0..<10 { RunLoop.current.run(until: Date().addingTimeInterval(0.01)) }
        print(step)
        log.forEach { print($0) }
        log.removeAll()
    }

    show("The screen opens; the field shows the account's name:")
    print("  nameField = \"\(screen.nameField)\"")

    screen.nameField = "ad"
    show("The user deletes a letter (\"ad\"): the account follows, the button disables:")
    print("  account.userName = \"\(account.userName)\"")

    account.userName = "ada.lovelace"
    show("A sync sets the account's name: the field follows, the button enables:")
    print("  nameField = \"\(screen.nameField)\"")

    var finished = false
    screen.signIn.execute(screen.nameField).onMainActor.subscribeCompleted { finished = true }
    runMainLoop { finished }
    show("The user taps Sign In; the command runs, then the account is signed in:")

    subscriptions.dispose()
} else {
    print("racswift-app-demo needs macOS 14, iOS 17, tvOS 17 or watchOS 10 (the Observation framework).")
}
