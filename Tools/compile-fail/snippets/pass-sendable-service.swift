// expect: compiles
// Issue 35: a service object whose state is immutable (`let`s of Sendable types) or behind a
// lock it owns (RACSwiftTesting's `Locked`, Sendable when its value is) is declared `Sendable`,
// checked by the compiler, and its operator closures capture `self` as RAC's blocks did. A
// generic result type constrained to `Sendable` has a Sendable metatype, so a closure may
// capture `T.self` (a bare `T: Decodable` warns: "capture of non-Sendable type 'T.Type'").
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RACSwift
import RACSwiftTesting

final class Client: Sendable {
    let session: URLSession
    let baseURL: URL
    private let decoder = JSONDecoder()
    private let token = Locked<String?>(nil)

    init(session: URLSession, baseURL: URL) {
        self.session = session
        self.baseURL = baseURL
    }

    func signIn(_ tokens: Signal<String>) -> Signal<Void> {
        tokens.doNext { self.token.value = $0 }.ignoreValues()
    }

    func fetch<T: Decodable & Sendable>(_ type: T.Type, path: String) -> Signal<T> {
        session.signal(for: URLRequest(url: baseURL.appendingPathComponent(path)))
            .tryMap { data, _ in try self.decoder.decode(T.self, from: data) }
    }

    func users(_ logins: Signal<String>) -> Signal<[String: String]> {
        logins.flattenMap { login in self.fetch([String: String].self, path: "users/\(login)") }
    }
}
