/// A signal whose subscription is a closure: how the parameter-pack operators (`zip` and
/// `combineLatest` of any number of typed signals) are built.
///
/// Their state cannot live in a generic type of their own: a type that declares a parameter
/// pack needs the Swift 5.9 runtime's metadata support, so on Apple platforms it is only
/// available from macOS 14 / iOS 17, and the package supports macOS 13 / iOS 16. Generic
/// functions with packs have no such limit, so the pack stays in the function that builds
/// this closure (`PlatformSupportTests` keeps pack-declaring types out of the library).
final class OnSubscribeSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let onSubscribe: (any Subscriber<Value>) -> Disposable

    init(_ onSubscribe: @escaping (any Subscriber<Value>) -> Disposable) {
        self.onSubscribe = onSubscribe
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        onSubscribe(subscriber)
    }
}
