import Foundation
import Observation
import RACSwift
import XCTest

// Issue 29's annotation count, "before": the same port as ViewModelPortTests.swift (see there),
// written with the API as it was before issue 29 — `[weak self]` captures (which make each
// model `@unchecked Sendable`), `combineLatest` + `subscribeNext` for the lifted selector,
// commands on the main queue (the tests spin the main run loop) and `nonisolated(unsafe)`
// for the specs' `__block` variables. The stubs (client, services) are shared.

// MARK: - MRCTableViewModel

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class TodayTableViewModel: @unchecked Sendable {
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
        requestRemoteDataCommand = Command { [weak self] page in
            guard let self else { return .empty }
            return requestRemoteDataSignal(page: page).take(during: lifetime)
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
        requestRemoteDataCommand.executionSignals.switchToLatest().take(during: lifetime).subscribeNext { [weak self] repositories in
            self?.dataSource = repositories.isEmpty ? [] : [repositories]
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
@Observable final class TodayLoginViewModel: @unchecked Sendable {
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
        loginCommand = Command { [weak self] oneTimePassword in
            guard let self else { return .empty }
            return PortClient.signIn(login: username, password: password, oneTimePassword: oneTimePassword)
        }

        // self.browserLoginCommand = [[RACCommand alloc] initWithSignalBlock:^(id input) {
        //     @strongify(self) viewModel.callback = ^(NSString *code) { @strongify(self) ...
        //     [self.exchangeTokenCommand execute:code]; }; [self.services pushViewModel:viewModel]; return [RACSignal empty]; }];
        browserLoginCommand = Command { [weak self] _ in
            self?.services.pushViewModel("OAuth")
            return .empty
        }
        let codes = Subject<String>()
        callback = { code in codes.sendNext(code) }
        codes.subscribeNext { [weak self] code in self?.exchangeTokenCommand.execute(code) }

        // self.exchangeTokenCommand = [[RACCommand alloc] initWithSignalBlock:^(NSString *code) {
        //     return [[[client exchangeAccessTokenWithCode:code] ... mapReplace:client] doNext:doNext]; }];
        exchangeTokenCommand = Command { code in
            PortClient.signIn(login: "oauth-\(code)", password: "secret", oneTimePassword: nil)
        }

        // doNext: the signed-in client is stored and the root view model replaced.
        Signal.merge([loginCommand.executionSignals.flatten(), exchangeTokenCommand.executionSignals.flatten()])
            .subscribeNext { [weak self] client in
                guard let self else { return }
                services.client = client
                services.resetRootViewModel("Homepage for \(client.user.login)")
            }
    }
}

// MARK: - MRCReposSearchResultsViewModel

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class TodayReposSearchResultsViewModel: @unchecked Sendable {
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
        searchCommand = Command { [weak self] _ in self?.requestRemoteDataSignal() ?? .empty }
        // - requestRemoteDataSignal's doNext: sets shouldDisplayEmptyDataSet and repositories.
        searchCommand.executionSignals.switchToLatest().subscribeNext { [weak self] repositories in
            guard let self else { return }
            shouldDisplayEmptyDataSet = true
            self.repositories = repositories
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
final class ViewModelPortTodayTests: VirtualTimeTestCase {
    /// Observation on the test scheduler, commands on the main queue: run both until quiet.
    private func settle() {
        for _ in 0..<3 {
            scheduler.run()
            drainMainLoop()
        }
    }

    private func signedInServices() -> PortServices {
        let services = PortServices()
        services.client = PortClient(user: PortUser(login: "ada"), token: "t")
        return services
    }

    func testTableViewModelLoadsAPageAndShowsTheEmptySetOnlyWhenIdleAndEmpty() {
        let model = TodayTableViewModel(services: signedInServices(), title: "Repos", scheduler: scheduler)
        settle()
        XCTAssertTrue(model.shouldDisplayEmptyDataSet)

        // __block NSUInteger executions = 0; __block NSArray *shown = nil;
        nonisolated(unsafe) var executions = 0
        nonisolated(unsafe) var shown: [[PortRepository]] = []
        let watch = model.requestRemoteDataCommand.executionSignals.subscribeNext { _ in executions += 1 }
        let observe = model.signal(for: \.dataSource, on: scheduler).subscribeNext { shown = $0 }

        model.requestRemoteDataCommand.execute(2)
        settle()
        XCTAssertEqual(executions, 1)
        XCTAssertEqual(shown, [[PortRepository(name: "repo 30"), PortRepository(name: "repo 31")]])
        XCTAssertFalse(model.shouldDisplayEmptyDataSet)
        XCTAssertEqual(model.offset(forPage: 3), 60)
        watch.dispose()
        observe.dispose()
    }

    func testTableViewModelForwardsCommandErrorsAndGoesAway() {
        var model: TodayTableViewModel? = TodayTableViewModel(services: PortServices(), title: nil, scheduler: scheduler)
        weak let weakModel = model
        nonisolated(unsafe) var errors = 0
        let watch = model?.errors.subscribeNext { _ in errors += 1 }
        model?.requestRemoteDataCommand.execute(1)
        settle()
        XCTAssertEqual(errors, 0, "no client: an empty execution, no error")
        model = nil
        settle()
        XCTAssertNil(weakModel, "no subscription keeps the view model")
        watch?.dispose()
    }

    func testLoginViewModelValidatesSignsInAndShowsTheAvatar() {
        let services = PortServices()
        let model = TodayLoginViewModel(services: services, scheduler: scheduler)
        // __block NSNumber *valid = nil;
        nonisolated(unsafe) var valid: [Bool] = []
        let watch = model.validLoginSignal.subscribeNext { valid.append($0) }
        settle()
        XCTAssertEqual(valid, [false])

        model.username = " ada "
        model.password = "secret"
        settle()
        XCTAssertEqual(model.username, "ada")
        XCTAssertEqual(valid, [false, true])
        XCTAssertEqual(model.avatarURL, PortUser(login: "ada").avatarURL)

        nonisolated(unsafe) var failures = 0
        let errorWatch = model.loginCommand.errors.subscribeNext { _ in failures += 1 }
        model.loginCommand.execute(nil)
        settle()
        XCTAssertEqual(services.client?.user.login, "ada")
        XCTAssertEqual(services.pushed, ["root: Homepage for ada"])

        model.password = "wrong"
        settle()
        model.loginCommand.execute(nil)
        settle()
        XCTAssertEqual(failures, 1)
        watch.dispose()
        errorWatch.dispose()
    }

    func testBrowserLoginExchangesTheCodeFromTheCallback() {
        let services = PortServices()
        let model = TodayLoginViewModel(services: services, scheduler: scheduler)
        model.browserLoginCommand.execute(())
        settle()
        XCTAssertEqual(services.pushed, ["OAuth"])
        model.callback?("c0de")
        settle()
        XCTAssertEqual(services.client?.user.login, "oauth-c0de")
        XCTAssertEqual(services.pushed, ["OAuth", "root: Homepage for oauth-c0de"])
    }

    func testSearchResultsViewModelShowsTheResults() {
        let model = TodayReposSearchResultsViewModel(services: signedInServices(), scheduler: scheduler)
        XCTAssertFalse(model.shouldPullToRefresh)
        model.query = "rac"
        nonisolated(unsafe) var completed = false
        let execution = model.searchCommand.execute(()).subscribeCompleted { completed = true }
        settle()
        XCTAssertTrue(completed)
        XCTAssertTrue(model.shouldDisplayEmptyDataSet)
        XCTAssertEqual(model.repositories, [PortRepository(name: "rac-kit")])
        XCTAssertEqual(model.dataSource(with: model.repositories), [["rac-kit"]])
        execution.dispose()
    }
}
