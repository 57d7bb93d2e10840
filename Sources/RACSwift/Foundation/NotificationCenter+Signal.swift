import Foundation

extension NotificationCenter {
    /// The notifications named `name` (any name when nil) posted by `object` (by anyone when
    /// nil), one `next` each, for as long as the subscription lasts (RAC's
    /// `-rac_addObserverForName:object:`).
    ///
    /// Each subscription adds an observer and its disposal removes it, so a notification
    /// posted after disposal reaches nobody. The signal never completes and never fails.
    /// Notifications are sent synchronously on the posting thread, as the center delivers
    /// them to an observer without a queue.
    ///
    /// As in RAC, the signal does not keep `object` alive; once it is gone a subscription
    /// observes nothing (instead of observing every sender, which a nil object would mean).
    public func signal(forName name: Notification.Name?, object: AnyObject? = nil) -> Signal<Notification> {
        let observed = object.map(WeakReference.init)
        return Signal.create { subscriber in
            let object = observed?.value
            if observed != nil && object == nil { return nil }
            // The token only goes back to `removeObserver`, which any thread may call.
            nonisolated(unsafe) let token = self.addObserver(forName: name, object: object, queue: nil) { notification in
                subscriber.sendNext(notification)
            }
            return Disposable { self.removeObserver(token) }
        }.named("-rac_addObserverForName: \(name?.rawValue ?? "nil") object: \(object.map { "\($0)" } ?? "nil")")
    }
}
