import XCTest
@_spi(Testing) import RACSwift

private final class Model {
    var count = 0
    var title = "none"
    var subtitle: String? = "initial"
}

final class SetKeyPathTests: RACTestCase {
    func testEachValueIsAssignedToTheKeyPath() {
        let model = Model()
        let source = ManualSource<Int>()
        let binding = source.signal.setKeyPath(\.count, on: model)
        source.send(1)
        XCTAssertEqual(model.count, 1)
        source.send(5)
        XCTAssertEqual(model.count, 5)
        binding.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.send(9)
        XCTAssertEqual(model.count, 5)
    }

    func testNilValueIsSubstitutedForNilOnANonOptionalProperty() {
        let model = Model()
        let source = ManualSource<String?>()
        let binding = source.signal.setKeyPath(\.title, on: model, nilValue: "placeholder")
        source.send("a")
        XCTAssertEqual(model.title, "a")
        source.send(nil)
        XCTAssertEqual(model.title, "placeholder")
        binding.dispose()
    }

    func testNilValueIsSubstitutedOnAnOptionalProperty() {
        let model = Model()
        let source = ManualSource<String?>()
        let withDefault = source.signal.setKeyPath(\.subtitle, on: model, nilValue: "default")
        source.send(nil)
        XCTAssertEqual(model.subtitle, "default")
        withDefault.dispose()
        let plain = source.signal.setKeyPath(\.subtitle, on: model)
        source.send(nil)
        XCTAssertNil(model.subtitle)
        plain.dispose()
    }

    func testTheObjectIsHeldWeaklyAndTheBindingEndsWhenItIsGone() {
        var model: Model? = Model()
        weak let weakModel = model
        let source = ManualSource<Int>()
        let binding = source.signal.setKeyPath(\.count, on: model!)
        source.send(1)
        XCTAssertEqual(model?.count, 1)
        model = nil
        XCTAssertNil(weakModel)
        XCTAssertTrue(source.isSubscribed)
        // Without a deallocation hook the binding notices at the next value.
        source.send(2)
        XCTAssertFalse(source.isSubscribed)
        XCTAssertEqual(source.disposals, 1)
        XCTAssertTrue(binding.isDisposed)
    }

    func testCompletionEndsTheBinding() {
        let model = Model()
        let source = ManualSource<Int>()
        let binding = source.signal.setKeyPath(\.count, on: model)
        source.send(3)
        source.complete()
        XCTAssertTrue(binding.isDisposed)
        XCTAssertEqual(model.count, 3)
    }

    func testAnErrorEndsTheBindingWithoutTrapping() {
        let model = Model()
        let source = ManualSource<Int>()
        let binding = source.signal.setKeyPath(\.count, on: model)
        source.send(3)
        source.fail(TestError(code: 1))
        XCTAssertTrue(binding.isDisposed)
        XCTAssertFalse(source.isSubscribed)
        XCTAssertEqual(model.count, 3)
    }

    func testASynchronousSignalAssignsItsValuesInOrder() {
        let model = Model()
        SyncSource<Int>([.next(1), .next(2), .next(3), .completed]).signal.setKeyPath(\.count, on: model)
        XCTAssertEqual(model.count, 3)
    }
}
