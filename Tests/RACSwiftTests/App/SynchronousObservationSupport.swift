import Foundation
@testable import RACSwift

/// RAC's `RACTestObject`, as a synchronously observed model. `@unchecked Sendable`: the
/// specs use it from one thread at a time (and from a queue after the subscription).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SyncTestObject: ReactiveObject, @unchecked Sendable {
    @Observed var objectValue: Int?
    @Observed var stringValue: String?
    @Observed var integerValue = 0
    @Observed var arrayValue: [Int] = []
    @Observed var setValue: Set<Int> = []
    @Observed var orderedSetValue: [Int] = []
    @Observed var strongTestObjectValue: SyncTestObject?
    @ObservedWeak var weakTestObjectValue: SyncTestObject?
    /// Not observed: reads of it are not recorded.
    var plainValue = 0

    /// An object whose deallocation sets `flag` (RAC's `[object.rac_deallocDisposable
    /// addDisposable:]` with a `__block BOOL`).
    convenience init(settingOnDeallocation flag: EndFlag) {
        self.init()
        lifetime.disposable.add(Disposable { flag.set() })
    }
}

/// The values `signal` sends from its subscription through the end of `body`, after which the
/// subscription is disposed.
func valuesSent<Value>(by signal: Signal<Value>, while body: () -> Void) -> [Value] {
    let values = Fixture.Log<Value>()
    let subscription = signal.subscribeNext { values.append($0) }
    body()
    subscription.dispose()
    return values.all
}

/// A flag set from a disposal or a completion (RAC's `__block BOOL`).
final class EndFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    var isSet: Bool { lock.withLock { stored } }
    func set() { lock.withLock { stored = true } }
}
