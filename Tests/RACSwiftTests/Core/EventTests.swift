import Foundation
import RACSwift
import XCTest

final class EventTests: RACTestCase {
    func testAccessors() {
        let next = Event<Int>.next(3)
        let error = Event<Int>.error(TestError.boom)
        let completed = Event<Int>.completed
        XCTAssertEqual(next.value, 3)
        XCTAssertNil(error.value)
        XCTAssertNil(completed.value)
        XCTAssertNil(next.error)
        XCTAssertEqual(error.error as? TestError, .boom)
        XCTAssertFalse(next.isFinished)
        XCTAssertTrue(error.isFinished)
        XCTAssertTrue(completed.isFinished)
    }

    func testEqualityComparesKindsAndPayloads() {
        XCTAssertEqual(Event.next(1), Event.next(1))
        XCTAssertNotEqual(Event.next(1), Event.next(2))
        XCTAssertEqual(Event<Int>.completed, Event<Int>.completed)
        XCTAssertNotEqual(Event.next(1), Event<Int>.completed)
        XCTAssertNotEqual(Event<Int>.completed, Event<Int>.error(TestError.boom))
        XCTAssertEqual(Event<Int?>.next(nil), Event<Int?>.next(nil))
    }

    func testErrorsCompareWithTheirOwnEqualityOrAsNSErrors() {
        XCTAssertEqual(Event<Int>.error(TestError.boom), .error(TestError.boom))
        XCTAssertNotEqual(Event<Int>.error(TestError.boom), .error(TestError.other))
        XCTAssertNotEqual(Event<Int>.error(TestError.boom), .error(SignalError.timedOut), "different types")
        // NSError is Equatable (isEqual:), so domain, code and user info all count.
        let a = NSError(domain: "d", code: 1)
        XCTAssertEqual(Event<Int>.error(a), .error(NSError(domain: "d", code: 1)))
        XCTAssertNotEqual(Event<Int>.error(a), .error(NSError(domain: "d", code: 2)))
        XCTAssertNotEqual(Event<Int>.error(a), .error(NSError(domain: "e", code: 1)))
        // Errors that are not Equatable compare as bridged NSErrors: by domain and code.
        struct Opaque: Error { let detail: Int }
        enum OpaqueKind: Error { case first, second }
        XCTAssertEqual(Event<Int>.error(Opaque(detail: 1)), .error(Opaque(detail: 2)))
        XCTAssertNotEqual(Event<Int>.error(OpaqueKind.first), .error(OpaqueKind.second))
    }

    func testDescriptions() {
        XCTAssertEqual(Event.next(1).description, "next(1)")
        XCTAssertEqual(Event<Int>.completed.description, "completed")
        XCTAssertEqual(Event<Int>.error(SignalError.timedOut).description, "error(The operation timed out)")
    }
}

final class SignalErrorTests: RACTestCase {
    func testEqualityAndRACMessages() {
        XCTAssertEqual(SignalError.timedOut, .timedOut)
        XCTAssertEqual(SignalError.noMatchingCase("3"), .noMatchingCase("3"))
        XCTAssertNotEqual(SignalError.noMatchingCase("3"), .noMatchingCase("4"))
        XCTAssertNotEqual(SignalError.timedOut, .noMatchingCase("3"))
        XCTAssertEqual(SignalError.timedOut.description, "The operation timed out")
        XCTAssertEqual(SignalError.noMatchingCase("3").description, "No matching signal found for value 3")
    }
}
