import Foundation
import XCTest

/// The package supports macOS 13 / iOS 16 / tvOS 16 / watchOS 9, but the tests build on Linux,
/// where the compiler does not check Apple availability. These tests read the sources for the
/// constructs known to fail for those deployment targets, so `swift test` catches them
/// anywhere; CI also type-checks the library targets for macOS 13 and iOS 16
/// (Tools/apple-typecheck/run.sh), which catches what a reading cannot.
final class PlatformSupportTests: RACTestCase {
    private let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file of the package's targets, as (path relative to the package, text).
    private func sources() throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for folder in ["Sources", "Tests"] {
            let root = packageDirectory.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                XCTFail("cannot read \(root.path)")
                continue
            }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let relative = String(url.path.dropFirst(packageDirectory.path.count + 1))
                // This file spells the patterns it looks for.
                if relative == "Tests/RACSwiftTests/PlatformSupportTests.swift" { continue }
                files.append((relative, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return files
    }

    private func lines(matching pattern: String, in files: [(path: String, text: String)]) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        var found: [String] = []
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let text = String(line)
                if text.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
                    found.append("\(file.path):\(number + 1): \(text.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    func testTheSourcesWereFound() throws {
        let files = try sources()
        XCTAssertTrue(files.contains { $0.path == "Sources/RACSwift/Operators/Zip.swift" }, "\(files.count) files read")
        XCTAssertGreaterThan(files.count, 100)
        XCTAssertFalse(files.contains { $0.path.hasSuffix("PlatformSupportTests.swift") })
    }

    /// A generic type that declares a parameter pack needs runtime support that Apple platforms
    /// have from macOS 14 / iOS 17 ("parameter packs in generic types are only available in
    /// macOS 14.0.0 or newer"). Generic functions with packs and type aliases are fine.
    func testNoTypeDeclaresAParameterPack() throws {
        let found = try lines(
            matching: #"\b(class|struct|enum|actor|protocol)\s+\w+\s*<[^>]*\beach\s"#, in: sources())
        XCTAssertEqual(found, [], "types with parameter packs do not build for macOS 13 / iOS 16")
    }

    /// Synchronization's `Mutex` and `Atomic` need macOS 15 / iOS 18; every lock and flag goes
    /// through the lock layer — Support/Locks.swift and the Linux-only lock behind it
    /// (Support/BargingLock.swift, Memory/ParkingLot.swift, both inside `#if !canImport(Darwin)`).
    func testSynchronizationIsUsedOnlyBehindTheLockLayer() throws {
        let lockLayer = ["Support/Locks.swift", "Support/BargingLock.swift", "Memory/ParkingLot.swift"]
            .map { "Sources/RACSwift/\($0):" }
        let found = try lines(matching: #"import Synchronization|\bMutex<|\bAtomic<"#, in: sources())
            .filter { line in !lockLayer.contains { line.hasPrefix($0) } }
        XCTAssertEqual(found, [], "use UnfairLock, RecursiveLock, AtomicFlag or AtomicCounter")
    }

    /// The memory fence (issue 39): the library manages memory by hand only in Memory/'s
    /// primitives, which state their invariants and check them in debug builds. The rule (its
    /// pattern and the allow-list of folders still being converted) is the script's, which CI
    /// also runs on its own.
    func testHandManagedMemoryIsOnlyBehindTheMemoryFence() throws {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/sh")
        script.arguments = [packageDirectory.appendingPathComponent("Tools/memory-fence/check.sh").path]
        let output = Pipe()
        script.standardOutput = output
        script.standardError = output
        try script.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        XCTAssertEqual(script.terminationStatus, 0, text)
        XCTAssertTrue(text.hasPrefix("memory fence: no hand-managed memory"), text)
    }
}
