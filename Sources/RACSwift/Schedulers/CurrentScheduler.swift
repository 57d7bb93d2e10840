import Foundation

/// The per-thread "current scheduler", set while a scheduler runs a block.
enum CurrentScheduler {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "RACSwift: could not create the current-scheduler thread key (\(status))")
        return key
    }()

    @inline(__always)
    static func get() -> Scheduler? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Scheduler>.fromOpaque(raw).takeUnretainedValue()
    }

    @inline(__always)
    static var isSet: Bool { pthread_getspecific(key) != nil }

    // The scheduler outlives the block it runs, so the slot need not retain it.
    @inline(__always)
    static func set(_ scheduler: Scheduler?) {
        pthread_setspecific(key, scheduler.map { Unmanaged.passUnretained($0).toOpaque() })
    }
}
