import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import XCTest

// Issue 29's annotation count, "after": view models of MVVMReactiveCocoa (leichunfeng, a
// GitHub client written with RAC 2: MRCTableViewModel.m, MRCLoginViewModel.m and
// MRCReposSearchResultsViewModel.m, with MRCViewModel.m's base properties folded in) ported
// line by line with the weak-target forms, and spec-style tests with `Locked` counters.
// `ViewModelPortTodayTests.swift` is the same port with the API as it was before; the
// porting guide's "Annotations in a port" counts both. The network client (OctoKit) is a
// stub; each RAC line is quoted above its Swift line where the two differ in shape.

struct PortRepository: Equatable, Sendable {
    let name: String
}

struct PortUser: Equatable, Sendable {
    let login: String
    var avatarURL: URL? { URL(string: "https://avatars.example/\(login)") }
}

/// OCTClient's part the view models use, answering from fixed data.
final class PortClient: Sendable {
    let user: PortUser
    let token: String
    init(user: PortUser, token: String) { self.user = user; self.token = token }

    static func signIn(login: String, password: String, oneTimePassword: String?) -> Signal<PortClient> {
        password == "secret" ? .return(PortClient(user: PortUser(login: login), token: "t-\(login)")) : .error(PortLoginError.badPassword)
    }

    func repositories(page: Int, perPage: Int) -> Signal<[PortRepository]> {
        .return((0..<min(perPage, 2)).map { PortRepository(name: "repo \((page - 1) * perPage + $0)") })
    }

    func searchRepositories(query: String) -> Signal<[PortRepository]> {
        query.isEmpty ? .return([]) : .return([PortRepository(name: "\(query)-kit")])
    }
}

enum PortLoginError: Error, Equatable { case badPassword }

/// MRCViewModelServices: the client and the navigation.
final class PortServices {
    var client: PortClient?
    private(set) var pushed: [String] = []
    func resetRootViewModel(_ name: String) { pushed.append("root: \(name)") }
    func pushViewModel(_ name: String) { pushed.append(name) }
}

// MARK: - MRCTableViewModel

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class PortTableViewModel {
    // MRCViewModel
    @ObservationIgnored let services: PortServices
    var title: String?
    @ObservationIgnored let errors = Subject<any Error>()
    // MRCTableViewModel
    var dataSource: [[PortRepository]] = []
    var shouldDisplayEmptyDataSet = false
    var page = 1
    var perPage = 30
    @ObservationIgnored private(set) var requestRemoteDataCommand: Command<Int, [PortRepository]>!
    @ObservationIgnored private let lifetime: Lifetime
    @ObservationIgnored private let token: Lifetime.Token

    init(services: PortServices, title: String?, scheduler: Scheduler) {
        self.services = services
        self.title = title
        (lifetime, token) = Lifetime.make()
        initialize(scheduler: scheduler)
    }

    private func initialize(scheduler: Scheduler) {
        page = 1
        perPage = 30

        // @weakify(self) self.requestRemoteDataCommand = [[RACCommand alloc] initWithSignalBlock:^(NSNumber *page) {
        //     @strongify(self) return [[self requestRemoteDataSignalWithPage:page] takeUntil:self.rac_willDeallocSignal]; }];
        requestRemoteDataCommand = Command(scheduler: scheduler, weak: self) { model, page in
            model.requestRemoteDataSignal(page: page).take(during: model.lifetime)
        }

        // RAC(self, shouldDisplayEmptyDataSet) = [RACSignal combineLatest:@[ command.executing, RACObserve(self, dataSource) ]
        //     reduce:^(NSNumber *executing, NSArray *dataSource) { ... }];
        Signal.combineLatest(requestRemoteDataCommand.executing, signal(for: \.dataSource, on: scheduler))
            .reduceEach { executing, dataSource in !executing && dataSource.joined().isEmpty }
            .setKeyPath(\.shouldDisplayEmptyDataSet, on: self)

        // [[self.requestRemoteDataCommand.errors filter:[self requestRemoteDataErrorsFilter]] subscribe:self.errors];
        requestRemoteDataCommand.errors
            .filter(requestRemoteDataErrorsFilter())
            .subscribe(errors)

        // The page's repositories become the data source (RAC: `doNext:` in the request signal).
        requestRemoteDataCommand.executionSignals.switchToLatest().lift(into: self) { model, repositories in
            model.dataSource = repositories.isEmpty ? [] : [repositories]
        }
    }

    func requestRemoteDataErrorsFilter() -> @Sendable (any Error) -> Bool {
        { _ in true }
    }

    func offset(forPage page: Int) -> Int { (page - 1) * perPage }

    func requestRemoteDataSignal(page: Int) -> Signal<[PortRepository]> {
        guard let client = services.client else { return .empty }
        return client.repositories(page: page, perPage: perPage)
    }
}

// MARK: - MRCLoginViewModel

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class PortLoginViewModel {
    @ObservationIgnored let services: PortServices
    var username = "" {
        // - (void)setUsername: trims whitespace.
        didSet { if username != username.trimmingCharacters(in: .whitespaces) { username = username.trimmingCharacters(in: .whitespaces) } }
    }
    var password = ""
    private(set) var avatarURL: URL?
    @ObservationIgnored private(set) var validLoginSignal: Signal<Bool>!
    @ObservationIgnored private(set) var loginCommand: Command<String?, PortClient>!
    @ObservationIgnored private(set) var browserLoginCommand: Command<Void, Never>!
    @ObservationIgnored private(set) var exchangeTokenCommand: Command<String, PortClient>!
    @ObservationIgnored private(set) var callback: (@Sendable (String) -> Void)?

    init(services: PortServices, scheduler: Scheduler) {
        self.services = services
        initialize(scheduler: scheduler)
    }

    private func initialize(scheduler: Scheduler) {
        // RAC(self, avatarURL) = [[RACObserve(self, username) map:^(NSString *username) {
        //     return [[OCTUser mrc_fetchUserWithRawLogin:username] avatarURL]; }] distinctUntilChanged];
        signal(for: \.username, on: scheduler)
            .map { $0.isEmpty ? nil : PortUser(login: $0).avatarURL }
            .distinctUntilChanged()
            .setKeyPath(\.avatarURL, on: self)

        // self.validLoginSignal = [[RACSignal combineLatest:@[ RACObserve(self, username), RACObserve(self, password) ]
        //     reduce:^(NSString *username, NSString *password) { return @(username.length > 0 && password.length > 0); }]
        //     distinctUntilChanged];
        validLoginSignal = Signal.combineLatest(signal(for: \.username, on: scheduler), signal(for: \.password, on: scheduler))
            .reduceEach { username, password in !username.isEmpty && !password.isEmpty }
            .distinctUntilChanged()

        // self.loginCommand = [[RACCommand alloc] initWithSignalBlock:^(NSString *oneTimePassword) {
        //     @strongify(self) ... return [[OCTClient signInAsUser:user password:self.password ...] doNext:doNext]; }];
        loginCommand = Command(scheduler: scheduler, weak: self) { model, oneTimePassword in
            PortClient.signIn(login: model.username, password: model.password, oneTimePassword: oneTimePassword)
        }

        // self.browserLoginCommand = [[RACCommand alloc] initWithSignalBlock:^(id input) {
        //     @strongify(self) viewModel.callback = ^(NSString *code) { @strongify(self) ...
        //     [self.exchangeTokenCommand execute:code]; }; [self.services pushViewModel:viewModel]; return [RACSignal empty]; }];
        browserLoginCommand = Command(scheduler: scheduler, weak: self) { model, _ in
            model.services.pushViewModel("OAuth")
            return .empty
        }
        let codes = Subject<String>()
        callback = { code in codes.sendNext(code) }
        codes.subscribeNext(weak: self) { model, code in model.exchangeTokenCommand.execute(code) }

        // self.exchangeTokenCommand = [[RACCommand alloc] initWithSignalBlock:^(NSString *code) {
        //     return [[[client exchangeAccessTokenWithCode:code] ... mapReplace:client] doNext:doNext]; }];
        exchangeTokenCommand = Command(scheduler: scheduler) { code in
            PortClient.signIn(login: "oauth-\(code)", password: "secret", oneTimePassword: nil)
        }

        // doNext: the signed-in client is stored and the root view model replaced.
        Signal.merge([loginCommand.executionSignals.flatten(), exchangeTokenCommand.executionSignals.flatten()])
            .subscribeNext(weak: self) { model, client in
                model.services.client = client
                model.services.resetRootViewModel("Homepage for \(client.user.login)")
            }
    }
}

// MARK: - MRCReposSearchResultsViewModel

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class PortReposSearchResultsViewModel {
    @ObservationIgnored let services: PortServices
    var query = ""
    var repositories: [PortRepository] = []
    var shouldDisplayEmptyDataSet = false
    var shouldPullToRefresh = true
    @ObservationIgnored private(set) var searchCommand: Command<Void, [PortRepository]>!

    init(services: PortServices, scheduler: Scheduler) {
        self.services = services
        shouldPullToRefresh = false
        shouldDisplayEmptyDataSet = false
        searchCommand = Command(scheduler: scheduler, weak: self) { model, _ in model.requestRemoteDataSignal() }
        // - requestRemoteDataSignal's doNext: sets shouldDisplayEmptyDataSet and repositories.
        searchCommand.executionSignals.switchToLatest().subscribeNext(weak: self) { model, repositories in
            model.shouldDisplayEmptyDataSet = true
            model.repositories = repositories
        }
    }

    func requestRemoteDataSignal() -> Signal<[PortRepository]> {
        services.client?.searchRepositories(query: query) ?? .empty
    }

    func dataSource(with repositories: [PortRepository]) -> [[String]] {
        repositories.isEmpty ? [] : [repositories.map(\.name)]
    }
}

// MARK: - Specs

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class ViewModelPortTests: VirtualTimeTestCase {
    private func signedInServices() -> PortServices {
        let services = PortServices()
        services.client = PortClient(user: PortUser(login: "ada"), token: "t")
        return services
    }

    func testTableViewModelLoadsAPageAndShowsTheEmptySetOnlyWhenIdleAndEmpty() {
        let model = PortTableViewModel(services: signedInServices(), title: "Repos", scheduler: scheduler)
        scheduler.run()
        XCTAssertTrue(model.shouldDisplayEmptyDataSet)

        // __block NSUInteger executions = 0; __block NSArray *shown = nil;
        let executions = Locked(0)
        let shown = Locked<[[PortRepository]]>([])
        let watch = model.requestRemoteDataCommand.executionSignals.subscribeNext { _ in executions += 1 }
        let observe = model.signal(for: \.dataSource, on: scheduler).subscribeNext { shown.value = $0 }

        model.requestRemoteDataCommand.execute(2)
        scheduler.run()
        XCTAssertEqual(executions.value, 1)
        XCTAssertEqual(shown.value, [[PortRepository(name: "repo 30"), PortRepository(name: "repo 31")]])
        XCTAssertFalse(model.shouldDisplayEmptyDataSet)
        XCTAssertEqual(model.offset(forPage: 3), 60)
        watch.dispose()
        observe.dispose()
    }

    func testTableViewModelForwardsCommandErrorsAndGoesAway() {
        var model: PortTableViewModel? = PortTableViewModel(services: PortServices(), title: nil, scheduler: scheduler)
        weak let weakModel = model
        let errors = Locked(0)
        let watch = model?.errors.subscribeNext { _ in errors += 1 }
        model?.requestRemoteDataCommand.execute(1)
        scheduler.run()
        XCTAssertEqual(errors.value, 0, "no client: an empty execution, no error")
        model = nil
        scheduler.run()
        XCTAssertNil(weakModel, "no subscription keeps the view model")
        watch?.dispose()
    }

    func testLoginViewModelValidatesSignsInAndShowsTheAvatar() {
        let services = PortServices()
        let model = PortLoginViewModel(services: services, scheduler: scheduler)
        // __block NSNumber *valid = nil;
        let valid = Locked<[Bool]>([])
        let watch = model.validLoginSignal.subscribeNext { valid.append($0) }
        scheduler.run()
        XCTAssertEqual(valid.value, [false])

        model.username = " ada "
        model.password = "secret"
        scheduler.run()
        XCTAssertEqual(model.username, "ada")
        XCTAssertEqual(valid.value, [false, true])
        XCTAssertEqual(model.avatarURL, PortUser(login: "ada").avatarURL)

        let failures = Locked(0)
        let errorWatch = model.loginCommand.errors.subscribeNext { _ in failures += 1 }
        model.loginCommand.execute(nil)
        scheduler.run()
        XCTAssertEqual(services.client?.user.login, "ada")
        XCTAssertEqual(services.pushed, ["root: Homepage for ada"])

        model.password = "wrong"
        scheduler.run()
        model.loginCommand.execute(nil)
        scheduler.run()
        XCTAssertEqual(failures.value, 1)
        watch.dispose()
        errorWatch.dispose()
    }

    func testBrowserLoginExchangesTheCodeFromTheCallback() {
        let services = PortServices()
        let model = PortLoginViewModel(services: services, scheduler: scheduler)
        model.browserLoginCommand.execute(())
        scheduler.run()
        XCTAssertEqual(services.pushed, ["OAuth"])
        model.callback?("c0de")
        scheduler.run()
        XCTAssertEqual(services.client?.user.login, "oauth-c0de")
        XCTAssertEqual(services.pushed, ["OAuth", "root: Homepage for oauth-c0de"])
    }

    func testSearchResultsViewModelShowsTheResults() {
        let model = PortReposSearchResultsViewModel(services: signedInServices(), scheduler: scheduler)
        XCTAssertFalse(model.shouldPullToRefresh)
        model.query = "rac"
        let completed = Locked(false)
        let execution = model.searchCommand.execute(()).subscribeCompleted { completed.value = true }
        scheduler.run()
        XCTAssertTrue(completed.value)
        XCTAssertTrue(model.shouldDisplayEmptyDataSet)
        XCTAssertEqual(model.repositories, [PortRepository(name: "rac-kit")])
        XCTAssertEqual(model.dataSource(with: model.repositories), [["rac-kit"]])
        execution.dispose()
    }
}
