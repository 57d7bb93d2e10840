import DocExampleSupport
import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

// The synchronous models of SynchronousObservation.md and CommandsAndBindings.md, declared as
// the articles show them.

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class ViewModel: ReactiveObject {
    @Observed var active = false
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class ScreenModel: ReactiveObject, @unchecked Sendable {
    @Observed var active = false
    @Observed var title = "Inbox"
}

/// The synchronous-observation examples of the articles, run as written: no run loop, no
/// scheduler turn.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SynchronousObservationExamples: RACTestCase {
    func testViewModelIsObservedAtOnce() {
        let viewModel = ViewModel()
        let values = Fixture.Log<Bool>()
        let subscription = viewModel.signal(for: \.active).subscribeNext { values.append($0) }
        viewModel.active = true
        XCTAssertEqual(values.all, [false, true])
        subscription.dispose()
    }

    func testObservingSynchronously() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let model = ScreenModel()
        let log = model.signal(for: \.active).subscribeNext { print("active:", $0) }
        // active: false (the current value, at once)
        model.active = true
        // active: true (at once: nothing coalesces, no scheduler turn)
        model.active = false
        // active: false

        XCTAssertEqual(printed.lines, ["active: false", "active: true", "active: false"])
        log.dispose()
    }

    func testBindingEndsWithTheModel() {
        let baseline = LeakBaseline()
        var screen: ScreenModel? = ScreenModel()
        let titles = Subject<String>()
        titles.setKeyPath(\.title, on: screen!)
        titles.sendNext("Archive")
        // screen!.title == "Archive"
        screen = nil
        // the binding's subscription to `titles` ended as the screen went away

        // The subject is still alive, its binding's subscription is not.
        XCTAssertEqual(waitForLiveSubscriptions(toReach: baseline.count), baseline.count)
        titles.sendNext("after")
    }

    func testLifetimeOfAnObservedObject() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        var model: ScreenModel? = ScreenModel()
        model!.lifetime.disposable.add(Disposable { print("cleaned up") })
        model!.lifetime.ended.subscribeCompleted { print("deallocated") }
        model = nil
        // cleaned up, deallocated

        XCTAssertEqual(printed.lines, ["cleaned up", "deallocated"])
    }
}
