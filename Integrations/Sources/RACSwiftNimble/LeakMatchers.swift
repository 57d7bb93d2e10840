import Foundation
import Nimble
import RACSwift
import RACSwiftTesting

/// Passes when running the block leaves no more library subscription objects alive than
/// before it (RACSwiftTesting's `assertNoLeaks` as a matcher); subscriptions ending on other
/// threads get up to `timeout` seconds to wind down.
///
/// ```swift
/// expect {
///     let disposable = signal.subscribeNext { _ in }
///     disposable.dispose()
/// }.to(endWithNoLiveSubscriptions())
/// ```
///
/// The count is kept in debug builds only; in release builds the matcher always passes.
public func endWithNoLiveSubscriptions(timeout: TimeInterval = 1) -> Matcher<Void> {
    Matcher { expression in
        let leaked = try leakedSubscriptions(timeout: timeout) { _ = try expression.evaluate() }
        return MatcherResult(
            bool: leaked == 0,
            message: .expectedCustomValueTo(
                "end with no live subscriptions",
                actual: "\(leaked) subscription object\(leaked == 1 ? "" : "s") still alive"))
    }
}

/// Passes when subscribing to the signal and then disposing the subscription leaves no more
/// library subscription objects alive than before (a signal that ends by itself is disposed
/// after its terminal event, as RAC disposes it); others get up to `timeout` seconds.
///
/// ```swift
/// expect(signal.map { $0 * 2 }).to(endWithNoLiveSubscriptions())
/// ```
public func endWithNoLiveSubscriptions<Value>(timeout: TimeInterval = 1) -> Matcher<Signal<Value>> {
    Matcher { expression in
        var subscribed = false
        let leaked = try leakedSubscriptions(timeout: timeout) {
            guard let signal = try expression.evaluate() else { return }
            subscribed = true
            signal.subscribe().dispose()
        }
        guard subscribed else {
            return MatcherResult(status: .fail, message: .expectedTo("end with no live subscriptions").appendedBeNilHint())
        }
        return MatcherResult(
            bool: leaked == 0,
            message: .expectedCustomValueTo(
                "end with no live subscriptions once subscribed and disposed",
                actual: "\(leaked) subscription object\(leaked == 1 ? "" : "s") still alive"))
    }
}
