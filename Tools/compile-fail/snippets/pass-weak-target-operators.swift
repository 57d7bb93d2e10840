// expect: compiles
// Issue 35: the weak-target operators. A plain, non-Sendable service class builds its
// pipelines with closures that receive the object as a parameter: no capture of `self`, no
// `[weak self]`, no `@unchecked Sendable`. Once the object is gone each result completes.
import RACSwift

final class Client {
    var token = ""
    var failures: [String] = []

    func fetchUser(_ login: String) -> Signal<String> { .return("\(login) \(token)") }

    func users(_ logins: Signal<String>) -> Signal<String> {
        logins
            .flattenMap(weak: self) { client, login in client.fetchUser(login) }
            .map(weak: self) { client, user in "\(user) via \(client.token)" }
            .catch(weak: self) { client, error in
                client.failures.append("\(error)")
                return .empty
            }
    }

    func signIn(_ request: Signal<Void>) -> Signal<String> {
        request.then(weak: self) { client in client.fetchUser("me") }
    }
}
