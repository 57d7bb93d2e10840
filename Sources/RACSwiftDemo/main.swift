import Foundation
import RACSwift

// A cold signal of readings: each subscription runs the producer anew.
let readings = Signal<Int>.create { subscriber in
    for reading in [3, 8, 1, 12, 7] {
        subscriber.sendNext(reading)
    }
    subscriber.sendCompleted()
    return Disposable { print("  (producer released)") }
}

let report = readings
    .bind { { reading, _ in reading > 2 ? Signal.return("reading \(reading) x 10 = \(reading * 10)") : Signal.empty } }

print("Subscribing:")
report.subscribe(
    next: { print("  next:", $0) },
    error: { print("  error:", $0) },
    completed: { print("  completed") })
