import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RACSwift
import RACSwiftTesting
import XCTest

// The request pipeline of PortingFromReactiveCocoa.md ("A request pipeline") and the service
// objects of SignalsAndSwiftConcurrency.md ("Service objects"), declared as the articles show
// them, run against the loopback server of the Foundation tests (TestHTTPServer: `GET /user`
// answers 401 without `Authorization: token secret`; `GET /users/<login>` answers ada and
// grace, 404 for anyone else).

struct HTTPStatusError: Error, Equatable {
    let statusCode: Int
}

struct User: Decodable, Sendable, Equatable {
    let login: String
    let name: String
}

/// RAC: `[[NSURLConnection rac_sendAsynchronousRequest:request] flattenMap:…]` with the
/// status check and the JSON parsing in the block.
func fetch<T: Decodable & Sendable>(_ type: T.Type, with request: URLRequest, session: URLSession) -> Signal<T> {
    session.signal(for: request)
        .tryMap { data, response -> Data in
            guard let response = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            guard (200..<300).contains(response.statusCode) else {
                throw HTTPStatusError(statusCode: response.statusCode)
            }
            return data
        }
        .tryMap { data in try JSONDecoder().decode(T.self, from: data) }
}

final class GitHubClient: Sendable {
    let session: URLSession
    let baseURL: URL
    private let token = Locked<String?>(nil)   // written at sign-in, read by each request

    init(session: URLSession, baseURL: URL) {
        self.session = session
        self.baseURL = baseURL
    }

    func signIn(token: String) {
        self.token.value = token
    }

    /// The request is built at subscription, with the token of that moment (RAC: `+defer:`).
    func fetchAuthenticatedUser() -> Signal<User> {
        Signal.defer { fetch(User.self, with: self.request("user"), session: self.session) }
    }

    func fetchUsers(_ logins: Signal<String>) -> Signal<User> {
        logins.flattenMap { login in fetch(User.self, with: self.request("users/\(login)"), session: self.session) }
    }

    private func request(_ path: String) -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        if let token = token.value { request.setValue("token \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }
}

final class UserSearchModel {   // not Sendable: `searches` belongs to the thread that searches
    let client: GitHubClient
    private(set) var searches: [String] = []

    init(client: GitHubClient) {
        self.client = client
    }

    func results(for logins: Signal<String>) -> Signal<String> {
        logins
            .flattenMap(weak: self) { model, login in
                model.searches.append(login)   // on the thread `logins` sends on
                return model.client.fetchUsers(.return(login))
            }
            .map { user in "\(user.name) (@\(user.login))" }
            .catch(weak: self) { model, error in .return(model.message(for: error)) }
    }

    /// Reads nothing mutable: safe on the session's thread, where `catch` calls it.
    func message(for error: any Error) -> String {
        (error as? HTTPStatusError)?.statusCode == 404 ? "no such user" : "\(error)"
    }
}

final class ServiceExamples: LoopbackServerTestCase {
    private var baseURL: URL { server.url("/") }

    func testRequestPipeline() throws {
        let session = self.session!, baseURL = self.baseURL

        let ada = fetch(User.self, with: URLRequest(url: baseURL.appendingPathComponent("users/ada")), session: session)
        let user = try ada.asynchronousFirst()
        // user == User(login: "ada", name: "Ada Lovelace")

        XCTAssertEqual(user, User(login: "ada", name: "Ada Lovelace"))
        XCTAssertEqual(server.requests, ["/users/ada"])
    }

    func testRequestPipelineStatusCheckAndCatch() throws {
        let session = self.session!, baseURL = self.baseURL

        let nobody = fetch(User.self, with: URLRequest(url: baseURL.appendingPathComponent("users/nobody")), session: session)
            .catch { error in
                error as? HTTPStatusError == HTTPStatusError(statusCode: 404)
                    ? .return(User(login: "nobody", name: "(no such user)"))
                    : .error(error)
            }
        let user = try nobody.asynchronousFirst()
        // user == User(login: "nobody", name: "(no such user)"): the 404 was caught

        XCTAssertEqual(user, User(login: "nobody", name: "(no such user)"))
        XCTAssertThrowsError(
            try fetch(User.self, with: URLRequest(url: baseURL.appendingPathComponent("users/nobody")), session: session)
                .asynchronouslyWaitUntilCompleted()
        ) { XCTAssertEqual($0 as? HTTPStatusError, HTTPStatusError(statusCode: 404)) }
        XCTAssertThrowsError(
            try fetch(User.self, with: URLRequest(url: baseURL.appendingPathComponent("hello")), session: session)
                .asynchronouslyWaitUntilCompleted()
        ) { XCTAssertTrue($0 is DecodingError, "a 200 whose body is not the JSON expected fails in decode: \($0)") }
    }

    func testSendableServiceObject() throws {
        let session = self.session!, baseURL = self.baseURL

        let client = GitHubClient(session: session, baseURL: baseURL)
        XCTAssertThrowsError(try client.fetchAuthenticatedUser().asynchronousFirst()) { error in
            XCTAssertEqual(error as? HTTPStatusError, HTTPStatusError(statusCode: 401))
        }
        client.signIn(token: "secret")
        let me = try client.fetchAuthenticatedUser().asynchronousFirst()
        // me == User(login: "ada", name: "Ada Lovelace")

        XCTAssertEqual(me, User(login: "ada", name: "Ada Lovelace"))
        let users = try client.fetchUsers(.from(["ada", "grace"])).collect().asynchronousFirst()
        XCTAssertEqual(users?.map(\.login).sorted(), ["ada", "grace"], "flattenMap runs both requests at once")
        XCTAssertEqual(server.requests.sorted(), ["/user", "/user", "/users/ada", "/users/grace"])
    }

    func testPortedSpecWithTestHelpers() throws {
        let client = GitHubClient(session: session, baseURL: baseURL)
        client.signIn(token: "secret")

        let user = try client.fetchAuthenticatedUser().asynchronousFirst()
        XCTAssertEqual(user?.login, "ada")

        XCTAssertThrowsError(try client.fetchUsers(.return("nobody")).asynchronouslyWaitUntilCompleted()) { error in
            XCTAssertEqual(error as? HTTPStatusError, HTTPStatusError(statusCode: 404))
        }
    }

    func testPlainModelWithWeakTargetOperators() throws {
        let client = GitHubClient(session: session, baseURL: baseURL)

        let model = UserSearchModel(client: client)
        let found = try model.results(for: .return("grace")).asynchronousFirst()
        let missing = try model.results(for: .return("nobody")).asynchronousFirst()
        // found == "Grace Hopper (@grace)", missing == "no such user", model.searches == ["grace", "nobody"]

        XCTAssertEqual(found, "Grace Hopper (@grace)")
        XCTAssertEqual(missing, "no such user")
        XCTAssertEqual(model.searches, ["grace", "nobody"])
    }

    func testPlainModelGoneCompletesItsPipelines() throws {
        let client = GitHubClient(session: session, baseURL: baseURL)
        let logins = Subject<String>()
        var model: UserSearchModel? = UserSearchModel(client: client)
        let results = EventLog(model!.results(for: logins))
        model = nil
        logins.sendNext("ada")
        XCTAssertEqual(results.events, [.completed], "the model is gone: completed, and no request sent")
        XCTAssertEqual(server.requests, [])
    }
}
