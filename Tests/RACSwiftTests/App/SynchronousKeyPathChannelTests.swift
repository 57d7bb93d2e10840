// ReactiveObjC's RACKVOChannelSpec and the RACPropertySignalExamples it runs, ported against a
// synchronously observed model: one test per `it`. `RACChannelTo(object, keyPath)` is
// `channelTerminal(for:)`; a key path through another object (`a.strong.value`), which Swift
// cannot assign through, is `channelTerminal(for:set:)`. RACPropertySignalExamples' setup
// subscribes the terminal to the signal; each example also checks `setKeyPath` (RAC()).
//
// Skipped, as they need the Objective-C runtime:
// - RACPropertySignalExamples "should not invoke -setNilValueForKey: with a nilValue" and
//   "should invoke -setNilValueForKey: without a nilValue": KVC's `setNilValueForKey:` is how
//   Objective-C reports nil for a scalar; in Swift nil for a non-optional property does not
//   type-check, and `nilValue` is the only path.
// - "should bind changes made by KVC on arrays / sets / ordered sets" use KVC's mutable
//   collection proxies; they are ported as in-place mutations of `@Observed` collections.
// RACChannelExamples (run by RACKVOChannelSpec too) are RACChannel's own examples, ported with
// `Channel` in ChannelTests.
import Foundation
import XCTest
@testable import RACSwift

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SynchronousKeyPathChannelTests: RACTestCase {
    private let value1 = "test value 1"
    private let value2 = "test value 2"
    private let value3 = "test value 3"

    /// Sends `values` one at a time and checks after each that `property` reads as the
    /// matching element of `expected`.
    private func assertSending<Value, Property: Equatable>(
        _ values: [Value], with send: (Value) -> Void, reads property: () -> Property, as expected: [Property],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for (value, expected) in zip(values, expected) {
            send(value)
            XCTAssertEqual(property(), expected, file: file, line: line)
        }
    }

    // MARK: RACKVOChannel

    func testShouldSendTheObjectsCurrentValueWhenSubscribedToFollowingTerminal() {
        let object = SyncTestObject()
        let terminal = object.channelTerminal(for: \.stringValue)
        let received = Fixture.Locked<String??>("received value should not be this")
        terminal.take(1).subscribeNext { received.value = $0 }
        XCTAssertEqual(received.value, .some(nil))

        object.stringValue = value1
        terminal.take(1).subscribeNext { received.value = $0 }
        XCTAssertEqual(received.value, value1)
    }

    func testShouldSendTheObjectsNewValueOnFollowingTerminalWhenItIsChanged() {
        let object = SyncTestObject()
        let terminal = object.channelTerminal(for: \.stringValue)
        object.stringValue = value1
        let received = valuesSent(by: terminal) {
            object.stringValue = value2
            object.stringValue = value3
        }
        XCTAssertEqual(received, [value1, value2, value3])
    }

    func testShouldSetTheObjectsValueUsingValuesSentToTheFollowingTerminal() {
        let object = SyncTestObject()
        let terminal = object.channelTerminal(for: \.stringValue)
        XCTAssertNil(object.stringValue)
        assertSending([value1, value2], with: { terminal.sendNext($0) }, reads: { object.stringValue }, as: [value1, value2])
    }

    func testShouldBeAbleToSubscribeToSignals() {
        let object = SyncTestObject()
        let terminal = object.channelTerminal(for: \.stringValue)
        let received = Fixture.Log<String?>()
        let observation = object.signal(for: \.stringValue).skip(1).subscribeNext { received.append($0) }
        let (value1, value2, value3) = (self.value1, self.value2, self.value3)
        let signal = Signal<String?>.create { subscriber in
            subscriber.sendNext(value1)
            subscriber.sendNext(value2)
            subscriber.sendNext(value3)
            return nil
        }
        signal.subscribe(terminal)
        XCTAssertEqual(received.all, [value1, value2, value3])
        observation.dispose()
    }

    func testShouldCompleteBothTerminalsWhenTheTargetDeallocates() {
        let leadingCompleted = EndFlag()
        let followingCompleted = EndFlag()
        let deallocated = EndFlag()
        do {
            let object = SyncTestObject(settingOnDeallocation: deallocated)
            let terminal = object.channelTerminal(for: \.stringValue)
            // The leading side is the property: it completes when the channel's observation
            // completes, which a subject subscribed to the following terminal sees.
            let leading = Subject<String?>()
            leading.subscribeCompleted { leadingCompleted.set() }
            terminal.subscribe(leading)
            terminal.subscribeCompleted { followingCompleted.set() }
            XCTAssertFalse(deallocated.isSet)
            XCTAssertFalse(leadingCompleted.isSet)
            XCTAssertFalse(followingCompleted.isSet)
        }
        XCTAssertTrue(deallocated.isSet)
        XCTAssertTrue(leadingCompleted.isSet)
        XCTAssertTrue(followingCompleted.isSet)
    }

    func testShouldDeallocateWhenTheTargetDeallocates() {
        let targetDeallocated = EndFlag()
        weak var weakTerminal: ChannelTerminal<String?>?
        do {
            let object = SyncTestObject(settingOnDeallocation: targetDeallocated)
            let terminal = object.channelTerminal(for: \.stringValue)
            weakTerminal = terminal
            XCTAssertFalse(targetDeallocated.isSet)
            XCTAssertNotNil(weakTerminal)
        }
        XCTAssertTrue(targetDeallocated.isSet)
        XCTAssertNil(weakTerminal)
    }

    // MARK: RACPropertySignalExamples (the channel's setup block, and RAC() = setKeyPath)

    /// Runs `body` once with the channel setup and once with `setKeyPath`.
    private func withEachSetup(
        _ body: (SyncTestObject, _ bind: (Signal<Int?>) -> Void) -> Void
    ) {
        let channelObject = SyncTestObject()
        body(channelObject) { signal in signal.subscribe(channelObject.channelTerminal(for: \.objectValue)) }
        let bindingObject = SyncTestObject()
        body(bindingObject) { signal in signal.setKeyPath(\.objectValue, on: bindingObject) }
    }

    func testShouldSetTheValueOfThePropertyWithTheLatestValueFromTheSignal() {
        withEachSetup { testObject, bind in
            let subject = Subject<Int?>()
            bind(subject)
            XCTAssertNil(testObject.objectValue)
            assertSending([1, 2, nil], with: { subject.sendNext($0) }, reads: { testObject.objectValue }, as: [1, 2, nil])
        }
    }

    func testShouldSetTheGivenNilValueForAnObjectProperty() {
        // An optional property whose nil is replaced: the channel's nilValue form (a terminal
        // of Int??, nil standing for RAC's nil) and setKeyPath's.
        let testObject = SyncTestObject()
        let subject = Subject<Int??>()
        subject.subscribe(testObject.channelTerminal(for: \.objectValue, nilValue: 42))
        XCTAssertNil(testObject.objectValue)
        assertSending([1, 2, nil], with: { subject.sendNext($0) }, reads: { testObject.objectValue }, as: [1, 2, 42])

        let boundObject = SyncTestObject()
        let values = Subject<Int?>()
        values.setKeyPath(\.objectValue, on: boundObject, nilValue: 42)
        assertSending([1, nil], with: { values.sendNext($0) }, reads: { boundObject.objectValue }, as: [1, 42])
    }

    func testShouldLeaveTheValueOfThePropertyAloneAfterTheSignalCompletes() {
        withEachSetup { testObject, bind in
            let subject = Subject<Int?>()
            bind(subject)
            XCTAssertNil(testObject.objectValue)
            subject.sendNext(1)
            XCTAssertEqual(testObject.objectValue, 1)
            subject.sendCompleted()
            XCTAssertEqual(testObject.objectValue, 1)
        }
    }

    func testShouldSetTheValueOfANonObjectPropertyWithTheLatestValueFromTheSignal() {
        let testObject = SyncTestObject()
        let subject = Subject<Int>()
        subject.subscribe(testObject.channelTerminal(for: \.integerValue))
        XCTAssertEqual(testObject.integerValue, 0)
        assertSending([1, 2, 0], with: { subject.sendNext($0) }, reads: { testObject.integerValue }, as: [1, 2, 0])

        let boundObject = SyncTestObject()
        let values = Subject<Int>()
        values.setKeyPath(\.integerValue, on: boundObject)
        values.sendNext(1)
        XCTAssertEqual(boundObject.integerValue, 1)
    }

    func testShouldSetTheGivenNilValueForANonObjectProperty() {
        let testObject = SyncTestObject()
        let subject = Subject<Int?>()
        subject.subscribe(testObject.channelTerminal(for: \.integerValue, nilValue: 42))
        XCTAssertEqual(testObject.integerValue, 0)
        assertSending([1, 2, nil], with: { subject.sendNext($0) }, reads: { testObject.integerValue }, as: [1, 2, 42])
    }

    // MARK: RACChannelTo

    func testShouldKeepObjectsPropertiesInSync() {
        let a = SyncTestObject(), b = SyncTestObject()
        let binding = stringTerminal(a).bind(to: stringTerminal(b))
        XCTAssertEqual([a.stringValue, b.stringValue], [nil, nil])

        a.stringValue = "sync it!"
        XCTAssertEqual([a.stringValue, b.stringValue], ["sync it!", "sync it!"])

        b.stringValue = "sync it again!"
        XCTAssertEqual([a.stringValue, b.stringValue], ["sync it again!", "sync it again!"])

        a.stringValue = nil
        XCTAssertEqual([a.stringValue, b.stringValue], [nil, nil])
        binding.dispose()
    }

    /// `RACChannelTo(object, stringValue)`.
    private func stringTerminal(_ object: SyncTestObject) -> ChannelTerminal<String?> {
        object.channelTerminal(for: \.stringValue)
    }

    /// Both objects' `strongTestObjectValue.stringValue` read `value`, through distinct objects.
    private func assertNestedStringsInSync(
        _ a: SyncTestObject, _ b: SyncTestObject, _ value: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(a.strongTestObjectValue?.stringValue, value, file: file, line: line)
        XCTAssertEqual(b.strongTestObjectValue?.stringValue, value, file: file, line: line)
        XCTAssertFalse(a.strongTestObjectValue === b.strongTestObjectValue, file: file, line: line)
    }

    /// `RACChannelTo(object, strongTestObjectValue.stringValue)`.
    private func nestedStringTerminal(_ object: SyncTestObject) -> ChannelTerminal<String?> {
        object.channelTerminal(for: \.strongTestObjectValue?.stringValue) { $0.strongTestObjectValue?.stringValue = $1 }
    }

    func testShouldKeepPropertiesIdentifiedByKeyPathsInSync() {
        let a = SyncTestObject(), b = SyncTestObject(), c = SyncTestObject()
        let binding = nestedStringTerminal(a).bind(to: nestedStringTerminal(b))
        a.strongTestObjectValue = SyncTestObject()
        b.strongTestObjectValue = SyncTestObject()

        a.strongTestObjectValue?.stringValue = "sync it!"
        assertNestedStringsInSync(a, b, "sync it!")

        b.strongTestObjectValue = nil
        XCTAssertNil(a.strongTestObjectValue?.stringValue)

        c.stringValue = "sync it again!"
        b.strongTestObjectValue = c
        assertNestedStringsInSync(a, b, "sync it again!")
        binding.dispose()
    }

    func testShouldUpdatePropertiesIdentifiedByKeyPathsWhenTheIntermediateValuesChange() {
        let a = SyncTestObject(), b = SyncTestObject(), c = SyncTestObject()
        let binding = nestedStringTerminal(a).bind(to: nestedStringTerminal(b))
        a.strongTestObjectValue = SyncTestObject()
        b.strongTestObjectValue = SyncTestObject()
        c.stringValue = "sync it!"
        b.strongTestObjectValue = c

        XCTAssertEqual(a.strongTestObjectValue?.stringValue, "sync it!")
        XCTAssertFalse(a.strongTestObjectValue === b.strongTestObjectValue)
        binding.dispose()
    }

    func testShouldUpdatePropertiesWhenTheChannelWasCreatedWhileOneObjectHadAnIntermediateNilValue() {
        let a = SyncTestObject(), b = SyncTestObject(), c = SyncTestObject()
        let binding = nestedStringTerminal(a).bind(to: nestedStringTerminal(b))
        b.strongTestObjectValue = SyncTestObject()
        c.stringValue = "sync it!"
        a.strongTestObjectValue = c

        assertNestedStringsInSync(a, b, "sync it!")
        binding.dispose()
    }

    /// `a` holding "sync it!" and `b` "sync it again!", then bound.
    private func objectsBoundAfterDifferentValues() -> (SyncTestObject, SyncTestObject, Disposable) {
        let a = SyncTestObject(), b = SyncTestObject()
        a.stringValue = "sync it!"
        b.stringValue = "sync it again!"
        return (a, b, stringTerminal(a).bind(to: stringTerminal(b)))
    }

    func testShouldTakeTheValueOfTheObjectBeingBoundToAtTheStart() {
        let (a, b, binding) = objectsBoundAfterDifferentValues()
        XCTAssertEqual([a.stringValue, b.stringValue], ["sync it again!", "sync it again!"])
        binding.dispose()
    }

    func testShouldUpdateTheValueEvenIfItIsTheSameValueTheObjectHadBeforeItWasBound() {
        let (a, b, binding) = objectsBoundAfterDifferentValues()
        XCTAssertEqual([a.stringValue, b.stringValue], ["sync it again!", "sync it again!"])

        b.stringValue = "sync it!"
        XCTAssertEqual([a.stringValue, b.stringValue], ["sync it!", "sync it!"])
        binding.dispose()
    }

    func testShouldBindTransitively() {
        let a = SyncTestObject(), b = SyncTestObject(), c = SyncTestObject()
        a.stringValue = "1"
        b.stringValue = "2"
        c.stringValue = "3"
        let ab = stringTerminal(a).bind(to: stringTerminal(b))
        let bc = stringTerminal(b).bind(to: stringTerminal(c))
        XCTAssertEqual([a.stringValue, b.stringValue, c.stringValue], ["3", "3", "3"])

        c.stringValue = "1"
        XCTAssertEqual([a.stringValue, b.stringValue, c.stringValue], ["1", "1", "1"])
        b.stringValue = "2"
        XCTAssertEqual([a.stringValue, b.stringValue, c.stringValue], ["2", "2", "2"])
        a.stringValue = "3"
        XCTAssertEqual([a.stringValue, b.stringValue, c.stringValue], ["3", "3", "3"])
        ab.dispose()
        bc.dispose()
    }

    /// Binds `keyPath` of two objects, `b`'s starting empty, then changes `b`'s in place.
    private func assertBindsChangesMadeInPlace<C: Equatable & ExpressibleByArrayLiteral>(
        _ keyPath: ReferenceWritableKeyPath<SyncTestObject, C> & Sendable, _ change: (inout C) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let a = SyncTestObject(), b = SyncTestObject()
        b[keyPath: keyPath] = []
        let binding = a.channelTerminal(for: keyPath).bind(to: b.channelTerminal(for: keyPath))
        change(&b[keyPath: keyPath])
        XCTAssertEqual(a[keyPath: keyPath], b[keyPath: keyPath], file: file, line: line)
        binding.dispose()
    }

    func testShouldBindChangesMadeInPlaceOnArrays() {
        assertBindsChangesMadeInPlace(\.arrayValue) { $0.append(1) }
    }

    func testShouldBindChangesMadeInPlaceOnSets() {
        assertBindsChangesMadeInPlace(\.setValue) { $0.insert(1) }
    }

    func testShouldBindChangesMadeInPlaceOnOrderedSets() {
        assertBindsChangesMadeInPlace(\.orderedSetValue) { $0.append(1) }
    }

    /// Gives `a` a weakly held `weakTestObjectValue` for the length of `body`, and checks that
    /// it lives through `body` and is gone after it.
    private func whileAWeakIntermediateObjectLives(
        on a: SyncTestObject, file: StaticString = #filePath, line: UInt = #line, _ body: (SyncTestObject) -> Void
    ) {
        let wasDisposed = EndFlag()
        do {
            let object = SyncTestObject(settingOnDeallocation: wasDisposed)
            a.weakTestObjectValue = object
            body(object)
            XCTAssertFalse(wasDisposed.isSet, file: file, line: line)
        }
        XCTAssertTrue(wasDisposed.isSet, file: file, line: line)
    }

    func testShouldHandleDeallocationOfIntermediateObjectsCorrectly() {
        let a = SyncTestObject(), b = SyncTestObject()
        let weakTerminal = a.channelTerminal(for: \.weakTestObjectValue?.stringValue) {
            $0.weakTestObjectValue?.stringValue = $1
        }
        let binding = weakTerminal.bind(to: nestedStringTerminal(b))
        b.strongTestObjectValue = SyncTestObject()
        whileAWeakIntermediateObjectLives(on: a) { object in
            object.stringValue = "sync it!"
            XCTAssertEqual(b.strongTestObjectValue?.stringValue, "sync it!")
        }
        // At once (RAC: toEventually): the weak object's end is a change of a's key path to nil.
        XCTAssertNil(b.strongTestObjectValue?.stringValue)
        binding.dispose()
    }

    func testShouldStopBindingWhenDisposed() {
        let a = SyncTestObject(), b = SyncTestObject()
        let aTerminal = a.channelTerminal(for: \.stringValue)
        let bTerminal = b.channelTerminal(for: \.stringValue)
        a.stringValue = "1"
        let disposable = aTerminal.subscribe(bTerminal)
        XCTAssertEqual([a.stringValue, b.stringValue], ["1", "1"])

        a.stringValue = "2"
        XCTAssertEqual([a.stringValue, b.stringValue], ["2", "2"])

        disposable.dispose()
        a.stringValue = "3"
        XCTAssertEqual(a.stringValue, "3")
        XCTAssertEqual(b.stringValue, "2")
    }

    func testShouldUseTheNilValueWhenSentNil() {
        let a = SyncTestObject()
        let terminal = a.channelTerminal(for: \.integerValue, nilValue: 5)
        XCTAssertEqual(a.integerValue, 0)
        assertSending([2, nil], with: { terminal.sendNext($0) }, reads: { a.integerValue }, as: [2, 5])
    }

    func testShouldUseTheNilValueWhenAnIntermediateObjectIsNil() {
        let a = SyncTestObject(), b = SyncTestObject()
        // RACChannelTo(a, weakTestObjectValue.integerValue, @5) =
        //     RACChannelTo(b, strongTestObjectValue.integerValue, @5)
        let aTerminal = a.channelTerminal(for: \.weakTestObjectValue?.integerValue) {
            $0.weakTestObjectValue?.integerValue = $1 ?? 5
        }
        let bTerminal = b.channelTerminal(for: \.strongTestObjectValue?.integerValue) {
            $0.strongTestObjectValue?.integerValue = $1 ?? 5
        }
        let binding = aTerminal.bind(to: bTerminal)
        b.strongTestObjectValue = SyncTestObject()
        whileAWeakIntermediateObjectLives(on: a) { object in
            object.integerValue = 2
            XCTAssertEqual(b.strongTestObjectValue?.integerValue, 2)
        }
        XCTAssertEqual(b.strongTestObjectValue?.integerValue, 5)
        binding.dispose()
    }
}
