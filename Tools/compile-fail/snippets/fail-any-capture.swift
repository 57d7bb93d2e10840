// expect-error: capture of 'value' with non-Sendable type 'Any?' in a '@Sendable' closure
// Issue 35: RAC's `id` ported as `Any?`. A `create` block is @Sendable, and `Any?` is not
// Sendable, so the block cannot capture the value; the porting guide's recipe is a concrete
// type, an enum, or `any Sendable` ("Idioms that change").
import RACSwift

func values(_ value: Any?) -> Signal<Any?> {
    Signal.create { subscriber in
        subscriber.sendNext(value)
        subscriber.sendCompleted()
        return nil
    }
}
