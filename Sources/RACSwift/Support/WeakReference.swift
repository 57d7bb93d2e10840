/// A weak reference that may cross threads: the sources that must not keep an object alive
/// (property observation, a notification's sender) hold it through one of these in their
/// `@Sendable` closures. What is read from the object is the caller's to keep thread-safe
/// (property observation reads only through the `Sendable` key path it was given).
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}
