// expect-error: capture of 'self' with non-Sendable type 'Client?' in a '@Sendable' closure
// Issue 35: the octokit port's first-build errors. An operator's closure is @Sendable, so a
// plain service class may not capture `self` in it, weakly or not. Either the class is made
// Sendable (its state immutable or locked: pass-sendable-service.swift) or the closure gets the
// object as a parameter (pass-weak-target-operators.swift).
import RACSwift

final class Client {
    var token = ""
    func fetchUser(_ login: String) -> Signal<String> { .return("\(login) \(token)") }

    func users(_ logins: Signal<String>) -> Signal<String> {
        logins.flattenMap { [weak self] login in self?.fetchUser(login) }
    }
}
