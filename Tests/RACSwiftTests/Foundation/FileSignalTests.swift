import Foundation
import RACSwift
import RACSwiftTesting
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `FileHandle.readInBackground()` on real files, pipes and a child process, and
/// `Signal.contents(of:)` on real files in a temporary folder.
final class FileSignalTests: RACTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder.remove()
        super.tearDown()
    }

    // MARK: contents(of:)

    /// A pipe whose reading end is read with `readInBackground()` into a log.
    private func readingAPipeInBackground() -> (Pipe, ThreadedEvents<Data>, Disposable) {
        let pipe = Pipe()
        let log = ThreadedEvents<Data>()
        return (pipe, log, log.subscribe(to: pipe.fileHandleForReading.readInBackground()))
    }

    func testDataContentsAreReadOnTheSchedulerThenSentOnceWithCompletion() throws {
        let url = folder.file("data.bin")
        let bytes = Data((0..<1000).map { UInt8($0 % 251) })
        try bytes.write(to: url)
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal<Data>.contents(of: url, on: scheduler))
        XCTAssertEqual(recorder.events.count, 0, "nothing is read before the scheduler runs")
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(0, bytes), .completed(0)])
    }

    func testStringContentsUseTheEncoding() throws {
        let url = folder.file("text.txt")
        try Data("café ☕".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }).write(to: url)
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal<String>.contents(of: url, encoding: .utf16BigEndian, on: scheduler))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(0, "café ☕"), .completed(0)])
    }

    func testMissingFileIsAnErrorEventWithFoundationsError() {
        let url = folder.file("missing.txt")
        let scheduler = TestScheduler()
        let data = scheduler.record(Signal<Data>.contents(of: url, on: scheduler))
        let text = scheduler.record(Signal<String>.contents(of: url, on: scheduler))
        scheduler.run()
        for events in [data.events.map(\.event.error), text.events.map(\.event.error)] {
            XCTAssertEqual(events.count, 1, "one event: the error")
            XCTAssertEqual((events.first as? CocoaError)?.code, .fileReadNoSuchFile, "\(events)")
        }
    }

    func testTextInvalidInTheEncodingIsAnErrorEvent() throws {
        let url = folder.file("latin1.txt")
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: url)  // "café" in Latin-1: not UTF-8
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal<String>.contents(of: url, on: scheduler))
        scheduler.run()
        XCTAssertEqual(recorder.events.count, 1)
        XCTAssertNotNil(recorder.events.first?.event.error, "\(recorder.events)")
    }

    func testEachSubscriptionReadsTheFileAgain() throws {
        let url = folder.file("changing.txt")
        try Data("first".utf8).write(to: url)
        let scheduler = TestScheduler()
        let signal = Signal<String>.contents(of: url, on: scheduler)
        let first = scheduler.record(signal)
        scheduler.run()
        try Data("second".utf8).write(to: url)
        let second = scheduler.record(signal)
        scheduler.run()
        XCTAssertEqual(first.events, [.next(0, "first"), .completed(0)])
        XCTAssertEqual(second.events, [.next(0, "second"), .completed(0)])
    }

    func testDisposalBeforeTheReadCancelsIt() throws {
        let url = folder.file("never.txt")
        try Data("x".utf8).write(to: url)
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal<String>.contents(of: url, on: scheduler))
        recorder.disposable.dispose()
        scheduler.run()
        XCTAssertEqual(recorder.events.count, 0)
    }

    func testContentsOnABackgroundSchedulerArriveOffTheMainThread() throws {
        let url = folder.file("background.txt")
        try Data("background".utf8).write(to: url)
        let log = ThreadedEvents<String>()
        let disposable = log.subscribe(to: Signal<String>.contents(of: url, on: .background()))
        XCTAssertTrue(waitUntil { log.isTerminated })
        XCTAssertEqual(log.values, ["background"])
        XCTAssertTrue(log.isCompleted)
        XCTAssertEqual(log.onMainThread, [false, false])
        disposable.dispose()
    }

    // MARK: readInBackground()

    func testReadsAWholeFileInChunksThenCompletes() throws {
        let url = folder.file("big.bin")
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: url)
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let log = ThreadedEvents<Data>()
        let disposable = log.subscribe(to: handle.readInBackground())
        XCTAssertTrue(waitUntil { log.isTerminated })
        XCTAssertTrue(log.isCompleted, "\(log.events)")
        XCTAssertEqual(log.values.reduce(Data(), +), bytes)
        XCTAssertGreaterThan(log.values.count, 1, "300 kB arrive in several chunks")
        XCTAssertFalse(log.onMainThread.contains(true), "reading happens off the main thread")
        disposable.dispose()
    }

    func testEmptyFileCompletesWithoutValues() throws {
        let url = folder.file("empty")
        try Data().write(to: url)
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let log = ThreadedEvents<Data>()
        let disposable = log.subscribe(to: handle.readInBackground())
        XCTAssertTrue(waitUntil { log.isTerminated })
        XCTAssertEqual(log.values, [])
        XCTAssertTrue(log.isCompleted)
        disposable.dispose()
    }

    func testPipeChunksArriveAsWrittenAndEndOfFileCompletes() throws {
        let (pipe, log, disposable) = readingAPipeInBackground()
        pipe.fileHandleForWriting.write(Data("one".utf8))
        XCTAssertTrue(waitUntil { log.values.count == 1 })
        pipe.fileHandleForWriting.write(Data("two".utf8))
        XCTAssertTrue(waitUntil { log.values.count == 2 })
        XCTAssertFalse(log.isTerminated, "an open pipe has not ended")
        try pipe.fileHandleForWriting.close()
        XCTAssertTrue(waitUntil { log.isTerminated })
        XCTAssertEqual(log.values.map { String(decoding: $0, as: UTF8.self) }, ["one", "two"])
        XCTAssertTrue(log.isCompleted)
        disposable.dispose()
    }

    /// A child process writes a burst, then waits for a line on its standard input before the
    /// next one: each burst must arrive while the child is still running.
    func testChildProcessBurstsArriveWhileItRuns() throws {
        let output = Pipe()
        let input = Pipe()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "printf one; read x; printf two; read x; printf three"]
        child.standardOutput = output
        child.standardInput = input
        let log = ThreadedEvents<Data>()
        let disposable = log.subscribe(to: output.fileHandleForReading.readInBackground())
        try child.run()
        var received = ""
        for (burst, next) in [("one", "two"), ("two", "three")] {
            XCTAssertTrue(waitUntil { log.values.reduce(Data(), +).count == received.count + burst.count })
            received += burst
            XCTAssertTrue(child.isRunning, "'\(burst)' arrived while the child waits to write '\(next)'")
            input.fileHandleForWriting.write(Data("go\n".utf8))
        }
        child.waitUntilExit()
        XCTAssertTrue(waitUntil { log.isTerminated }, "the pipe ends when the child exits")
        XCTAssertEqual(String(decoding: log.values.reduce(Data(), +), as: UTF8.self), "onetwothree")
        XCTAssertTrue(log.isCompleted)
        XCTAssertEqual(child.terminationStatus, 0)
        disposable.dispose()
    }

    func testDisposalStopsReadingAndLeavesLaterDataInThePipe() throws {
        let (pipe, log, disposable) = readingAPipeInBackground()
        pipe.fileHandleForWriting.write(Data("before".utf8))
        XCTAssertTrue(waitUntil { log.values.count == 1 })
        disposable.dispose()
        pipe.fileHandleForWriting.write(Data("after".utf8))
        try pipe.fileHandleForWriting.close()
        // Nobody reads any more: the bytes written after disposal are all still in the pipe.
        XCTAssertEqual(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "after")
        XCTAssertEqual(log.values.map { String(decoding: $0, as: UTF8.self) }, ["before"])
        XCTAssertFalse(log.isTerminated, "disposal sends no event")
    }

    func testDisposalReleasesTheHandle() throws {
        let pipe = Pipe()
        weak var released: FileHandle?
        let descriptor = dup(pipe.fileHandleForReading.fileDescriptor)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let disposable: Disposable
        do {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            released = handle
            disposable = handle.readInBackground().subscribeNext { _ in }
        }
        XCTAssertNotNil(released, "the subscription keeps the handle while it reads")
        disposable.dispose()
        XCTAssertTrue(waitUntil(timeout: 5) { released == nil }, "disposal lets go of the handle")
        // The weak reference reads nil as soon as the last strong one goes, before the handle's
        // deinit (on the reader's queue) has closed the descriptor: wait for the close too.
        XCTAssertTrue(waitUntil(timeout: 5) { fcntl(descriptor, F_GETFD) == -1 },
                      "and the handle, released, closed its descriptor")
    }

    func testAFinishedReadReleasesTheHandle() throws {
        let pipe = Pipe()
        weak var released: FileHandle?
        let log = ThreadedEvents<Data>()
        let disposable: Disposable
        do {
            let handle = FileHandle(fileDescriptor: dup(pipe.fileHandleForReading.fileDescriptor), closeOnDealloc: true)
            released = handle
            disposable = log.subscribe(to: handle.readInBackground())
        }
        pipe.fileHandleForWriting.write(Data("end".utf8))
        try pipe.fileHandleForWriting.close()
        XCTAssertTrue(waitUntil { log.isCompleted }, "\(log.events)")
        XCTAssertTrue(waitUntil(timeout: 5) { released == nil }, "completion lets go of the handle")
        disposable.dispose()
    }

    /// A handle closed by its owner at once after disposal — while libdispatch may not yet have
    /// torn the read source down — must not disturb the reads that follow, on descriptor
    /// numbers the closed one frees: the subscription reads through a descriptor of its own.
    /// Twenty rounds of a file read to its end, disposed and closed, then a pipe read.
    func testClosingTheHandleRightAfterDisposalLeavesLaterReadsIntact() throws {
        let url = folder.file("short.txt")
        try Data("file".utf8).write(to: url)
        for round in 0..<20 {
            let handle = try FileHandle(forReadingFrom: url)
            let fileLog = ThreadedEvents<Data>()
            let fileRead = fileLog.subscribe(to: handle.readInBackground())
            XCTAssertTrue(waitUntil { fileLog.isTerminated }, "round \(round)")
            fileRead.dispose()
            try handle.close()
            XCTAssertEqual(fileLog.values, [Data("file".utf8)], "round \(round)")
            XCTAssertTrue(fileLog.isCompleted, "round \(round)")

            let (pipe, pipeLog, pipeRead) = readingAPipeInBackground()
            pipe.fileHandleForWriting.write(Data("pipe".utf8))
            try pipe.fileHandleForWriting.close()
            XCTAssertTrue(waitUntil { pipeLog.isTerminated }, "round \(round)")
            XCTAssertEqual(pipeLog.values, [Data("pipe".utf8)], "round \(round)")
            XCTAssertTrue(pipeLog.isCompleted, "round \(round)")
            pipeRead.dispose()
        }
    }

    /// The subscription's descriptor is its own: the handle closed while a read is under way
    /// does not end it, and what is written afterwards still arrives, then end of file.
    func testClosingTheHandleWhileReadingDoesNotEndTheRead() throws {
        let pipe = Pipe()
        let handle = FileHandle(fileDescriptor: dup(pipe.fileHandleForReading.fileDescriptor), closeOnDealloc: true)
        let log = ThreadedEvents<Data>()
        let disposable = log.subscribe(to: handle.readInBackground())
        pipe.fileHandleForWriting.write(Data("before".utf8))
        XCTAssertTrue(waitUntil { log.values.count == 1 })
        try handle.close()
        pipe.fileHandleForWriting.write(Data("after".utf8))
        try pipe.fileHandleForWriting.close()
        try pipe.fileHandleForReading.close()
        XCTAssertTrue(waitUntil { log.isTerminated }, "\(log.events)")
        XCTAssertEqual(log.values.map { String(decoding: $0, as: UTF8.self) }, ["before", "after"])
        XCTAssertTrue(log.isCompleted)
        disposable.dispose()
    }

    func testReadErrorIsAnErrorEvent() throws {
        // A file opened for writing only: read(2) fails with EBADF.
        let descriptor = open(folder.file("write-only").path, O_WRONLY | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let log = ThreadedEvents<Data>()
        let disposable = log.subscribe(to: handle.readInBackground())
        XCTAssertTrue(waitUntil { log.isTerminated })
        XCTAssertEqual(log.values, [])
        let error = log.error as? NSError
        XCTAssertEqual(error?.domain, NSPOSIXErrorDomain)
        XCTAssertEqual(error?.code, Int(EBADF))
        disposable.dispose()
    }
}
