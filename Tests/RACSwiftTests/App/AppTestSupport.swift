import Foundation
import Observation
import XCTest
@testable import RACSwift

/// Runs the main run loop (which drains the main queue on every platform) until `condition`
/// holds or `timeout` passes; RAC's specs say `toEventually`. Returns whether it held.
@discardableResult
func spinMainLoop(timeout: TimeInterval = 5, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        RunLoop.current.run(until: Date().addingTimeInterval(0.001))
    }
    return true
}

/// Runs the main run loop for a short while, to let anything already queued on main run.
func drainMainLoop() {
    for _ in 0..<20 { RunLoop.current.run(until: Date().addingTimeInterval(0.001)) }
}

/// A plain `@Observable` model, used from one thread at a time.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class Person: @unchecked Sendable {
    var first = "Ada"
    var last = "Lovelace"
    var age = 36
    var nickname: String?
}

/// An `@Observable` model safe to change from several threads: the lock is held across the
/// whole mutation, so a read after Observation announced a change sees it.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class SharedCounter: @unchecked Sendable {
    @ObservationIgnored private let lock = NSRecursiveLock()
    @ObservationIgnored private var storedValue = 0

    var value: Int {
        get {
            access(keyPath: \.value)
            return lock.withLock { storedValue }
        }
        set {
            lock.withLock {
                withMutation(keyPath: \.value) { storedValue = newValue }
            }
        }
    }

    /// Changes the value with the lock held across the read, the mutation and its announcement.
    func withLockedValue(_ change: (inout Int) -> Void) {
        lock.withLock {
            var value = storedValue
            change(&value)
            self.value = value
        }
    }
}
