import Foundation

extension Signal {
    /// Binds this signal to `keyPath` of `object`: each value is assigned to
    /// `object[keyPath: keyPath]` (RAC's `-setKeyPath:onObject:`). Dispose the result to end
    /// the binding.
    ///
    /// `object` is held weakly, as in RAC. Without the Objective-C runtime there is no
    /// deallocation hook, so the binding notices that `object` went away at the next value and
    /// ends then (disposing the subscription) — except for a `ReactiveObject` (any
    /// `SynchronouslyObservable` object), whose binding ends as it is deinitialized. Completion ends the binding. An error ends it
    /// too and is reported on standard error; RAC asserts in debug builds, but a binding is
    /// usually fed by UI or network code, and one bad event should not crash a debug session,
    /// so RACSwift never traps on it. Values are assigned on whatever thread delivers them,
    /// which is why the key path must be `Sendable`: a main-actor property's is not, and binds
    /// through `onMainActor.setKeyPath(_:on:)`, which assigns on the main actor.
    @discardableResult
    public func setKeyPath<Root: AnyObject>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, on object: Root
    ) -> Disposable {
        ending(with: object).subscribe(KeyPathBindingSink(object: object, keyPath: keyPath, signalName: name) { $0 })
    }

    /// Binds a signal of optional values to a non-optional `keyPath`, assigning `nilValue`
    /// when the signal sends nil (RAC's `-setKeyPath:onObject:nilValue:`). Otherwise the same
    /// as `setKeyPath(_:on:)`.
    @discardableResult
    public func setKeyPath<Root: AnyObject, T>(
        _ keyPath: ReferenceWritableKeyPath<Root, T> & Sendable, on object: Root, nilValue: T
    ) -> Disposable where Value == T? {
        ending(with: object).subscribe(KeyPathBindingSink(object: object, keyPath: keyPath, signalName: name) { $0 ?? nilValue })
    }

    /// Binds a signal of optional values to an optional `keyPath`, assigning `nilValue` in
    /// place of nil (RAC's `-setKeyPath:onObject:nilValue:`).
    @discardableResult
    public func setKeyPath<Root: AnyObject, T>(
        _ keyPath: ReferenceWritableKeyPath<Root, T?> & Sendable, on object: Root, nilValue: T?
    ) -> Disposable where Value == T? {
        ending(with: object).subscribe(KeyPathBindingSink(object: object, keyPath: keyPath, signalName: name) { $0 ?? nilValue })
    }
}

/// The binding's subscriber: holds the object weakly and ends the subscription when the
/// object is gone.
final class KeyPathBindingSink<Root: AnyObject, Value, Property>: WeakObjectSink<Root>, Subscriber,
    @unchecked Sendable {
    private let keyPath: ReferenceWritableKeyPath<Root, Property>
    private let convert: (Value) -> Property
    private let signalName: String

    init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Property>, signalName: String,
         convert: @escaping (Value) -> Property) {
        self.keyPath = keyPath
        self.signalName = signalName
        self.convert = convert
        super.init(object: object)
    }

    func sendNext(_ value: Value) {
        guard let object else { return endSubscription() }
        object[keyPath: keyPath] = convert(value)
    }

    func sendError(_ error: any Error) {
        let signal = signalName.isEmpty ? "a signal" : "signal \"\(signalName)\""
        let message = "RACSwift: received error from \(signal) in binding for key path "
            + "\(keyPath) on \(object.map { String(describing: $0) } ?? "a deallocated object"): \(error); "
            + "the binding has ended\n"
        FileHandle.standardError.write(Data(message.utf8))
        endSubscription()
    }

    func sendCompleted() { endSubscription() }
}
