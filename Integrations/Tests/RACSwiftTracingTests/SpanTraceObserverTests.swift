import InMemoryTracing
import RACSwift
import RACSwiftTesting
import RACSwiftTracing
import Tracing
import XCTest

private enum TestError: Error {
    case boom
}

final class SpanTraceObserverTests: XCTestCase {
    private var baseline = LeakBaseline()
    private var tracer = InMemoryTracer()
    private var installed: Disposable?

    override func setUp() {
        super.setUp()
        baseline = LeakBaseline()
        tracer = InMemoryTracer()
    }

    override func tearDown() {
        installed?.dispose()
        installed = nil
        baseline.check()
        super.tearDown()
    }

    /// Installs an observer tracing only the signals named "traced…", so that the
    /// subscriptions operators make inside (unnamed here) do not crowd the spans.
    private func install(maxValueEvents: Int = 32) {
        let observer = SpanTraceObserver(tracer: tracer, maxValueEvents: maxValueEvents) {
            $0.signalName.hasPrefix("traced")
        }
        installed = Tracing.addObserver(observer)
    }

    private func eventNames(_ span: FinishedInMemorySpan) -> [String] {
        span.events.map { event in
            if case .string(let value)? = event.attributes["rac.value"]?.toSpanAttribute() {
                return "\(event.name)(\(value))"
            }
            return event.name
        }
    }

    func testACompletedSubscriptionIsASpanWithItsValuesAsEventsAndStatusOk() {
        install()
        Signal.from([1, 2]).setName("traced numbers").subscribe()

        let spans = tracer.finishedSpans
        XCTAssertEqual(spans.map(\.operationName), ["traced numbers"])
        XCTAssertEqual(spans.first.map(eventNames), ["next(1)", "next(2)", "completed"])
        XCTAssertEqual(spans.first?.status, SpanStatus(code: .ok))
        XCTAssertEqual(spans.first?.attributes["rac.signal"]?.toSpanAttribute(), "traced numbers")
        XCTAssertTrue(tracer.activeSpans.isEmpty)
    }

    func testAnErrorIsRecordedOnTheSpanWithStatusError() {
        install()
        Signal.from([7]).concat(Signal.error(TestError.boom)).setName("traced failing").subscribe()

        let span = tracer.finishedSpans.first
        XCTAssertEqual(span.map(eventNames), ["next(7)"])
        XCTAssertEqual(span?.errors.map { "\($0.error)" }, ["boom"])
        XCTAssertEqual(span?.status, SpanStatus(code: .error, message: "boom"))
    }

    func testDisposalBeforeATerminalEventEndsTheSpan() {
        install()
        let subject = Subject<Int>()
        let subscription = subject.setName("traced subject").subscribe()
        subject.sendNext(1)
        XCTAssertEqual(tracer.activeSpans.map(\.operationName), ["traced subject"])
        XCTAssertTrue(tracer.finishedSpans.isEmpty)

        subscription.dispose()
        subject.sendNext(2)
        Tracing.flush()
        XCTAssertEqual(tracer.finishedSpans.map(eventNames), [["next(1)", "disposed"]])
        XCTAssertNil(tracer.finishedSpans.first?.status)
        XCTAssertTrue(tracer.activeSpans.isEmpty)
    }

    func testADisposedSpanIsHandedOverAtTheDisposingThreadsNextTracedEvent() {
        install()
        Subject<Int>().setName("traced subject").subscribe().dispose()
        // A terminal event could still follow a disposal: the library disposes first.
        XCTAssertTrue(tracer.finishedSpans.isEmpty)

        Signal.from([1]).setName("traced next").subscribe()
        let spans = tracer.finishedSpans
        XCTAssertEqual(spans.map(\.operationName), ["traced subject", "traced next"])
        XCTAssertEqual(spans.first.map(eventNames), ["disposed"])
        if spans.count == 2 {
            // The disposed span ends at its disposal, before the next one started.
            XCTAssertLessThanOrEqual(spans[0].endInstant.nanosecondsSinceEpoch, spans[1].startInstant.nanosecondsSinceEpoch)
        }
    }

    func testTheSpanIsAChildOfTheContextCurrentAtSubscription() {
        install()
        let subject = Subject<Int>()
        let request = tracer.startSpan("request")
        let subscription = ServiceContext.withValue(request.context) {
            subject.setName("traced inside the request").subscribe()
        }
        request.end()
        // Events after the subscribing code returned stay on the span it started.
        subject.sendNext(1)
        subject.sendCompleted()
        subscription.dispose()

        let spans = Dictionary(uniqueKeysWithValues: tracer.finishedSpans.map { ($0.operationName, $0) })
        let child = spans["traced inside the request"]
        XCTAssertEqual(child?.parentSpanID, spans["request"]?.spanID)
        XCTAssertEqual(child?.traceID, spans["request"]?.traceID)
        XCTAssertEqual(child.map(eventNames), ["next(1)", "completed"])
    }

    func testASignalEndingOnAnotherThreadEndsItsSpanThereUnderTheSubscribersContext() {
        install()
        let done = DispatchSemaphore(value: 0)
        let request = tracer.startSpan("request")
        _ = ServiceContext.withValue(request.context) {
            Signal.from([1]).delay(0.01, on: .background()).setName("traced delayed")
                .subscribe(completed: { done.signal() })
        }
        request.end()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        // The completion's probe fires before the subscriber's block; the span ends in between.
        let child = tracer.finishedSpans.first { $0.operationName == "traced delayed" }
        XCTAssertEqual(child.map(eventNames), ["next(1)", "completed"])
        XCTAssertEqual(child?.parentSpanID, request.context.inMemorySpanContext?.spanID)
    }

    func testASubscriptionWithNoContextIsATopLevelSpan() {
        install()
        Signal.from([1]).setName("traced alone").subscribe()
        XCTAssertNil(tracer.finishedSpans.first?.parentSpanID)
    }

    func testValueEventsAreBoundedAndTheRestCounted() {
        install(maxValueEvents: 3)
        Signal.from(1...10).setName("traced many").subscribe()

        let span = tracer.finishedSpans.first
        XCTAssertEqual(span.map(eventNames), ["next(1)", "next(2)", "next(3)", "completed"])
        XCTAssertEqual(span?.attributes["rac.values.dropped"]?.toSpanAttribute(), 7)
    }

    func testOnlyTheSubscriptionsTheFilterAcceptsAreSpans() {
        install()
        Signal.from([1]).setName("traced").map { $0 + 1 }.setName("other").subscribe()
        XCTAssertEqual(tracer.finishedSpans.map(\.operationName), ["traced"])
    }

    func testNoSpanOnceTheObserverIsRemoved() {
        install()
        installed?.dispose()
        Signal.from([1]).setName("traced later").subscribe()
        XCTAssertTrue(tracer.finishedSpans.isEmpty)
        XCTAssertTrue(tracer.activeSpans.isEmpty)
    }

    func testEverySubscriptionOfASignalIsASpanOfItsOwn() {
        install()
        let signal = Signal.from([1]).setName("traced twice")
        signal.subscribe()
        signal.subscribe()
        let ids = Set(tracer.finishedSpans.map(\.spanID))
        XCTAssertEqual(tracer.finishedSpans.count, 2)
        XCTAssertEqual(ids.count, 2)
    }
}
