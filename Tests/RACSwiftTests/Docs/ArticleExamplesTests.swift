import Foundation
import XCTest

/// Every Swift example of the documentation is compiled and run by a test.
///
/// The examples live in test files (`Tests/RACSwiftTests/Docs/*Examples.swift`,
/// `Tests/RACSwiftTestingTests/Docs/*Examples.swift`; code the compiler must reject: the
/// compile-fail snippets of `Tools/compile-fail`), where each one sits in a test method
/// that runs it and checks what it printed or returned. This test reads every ```` ```swift ````
/// block of the DocC articles (both catalogs) and of README.md, and fails for any block whose
/// lines do not appear, in order and consecutively, in one of those files — comparing lines
/// with their indentation and trailing spaces removed and blank lines dropped, so that an
/// example may sit indented inside its test method. Blocks in other languages (`objc`, `sh`,
/// `text`) are not checked.
final class ArticleExamplesTests: RACTestCase {
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func files(under folder: String, withExtension ext: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }
            .sorted { $0.path < $1.path }
    }

    private func normalized(_ text: Substring) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The ```swift blocks of a Markdown file, with the line each starts on.
    private func swiftBlocks(in file: URL) throws -> [(line: Int, lines: [String])] {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [(Int, [String])] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else { index += 1; continue }
            let language = fence.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let start = index + 1
            var end = start
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
            if language == "swift" {
                blocks.append((start, normalized(Substring(lines[start..<min(end, lines.count)].joined(separator: "\n")))))
            }
            index = end + 1
        }
        return blocks
    }

    private func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }

    func testEveryArticleExampleIsCompiledAndRunByATest() throws {
        let sources = (files(under: "Tests/RACSwiftTests/Docs", withExtension: "swift")
            + files(under: "Tests/RACSwiftTestingTests/Docs", withExtension: "swift"))
            .filter { $0.lastPathComponent.hasSuffix("Examples.swift") }
            // An example of code the compiler must reject is one of the compile-fail snippets,
            // which CI compiles expecting its diagnostic (Tools/compile-fail/run.sh).
            + files(under: "Tools/compile-fail/snippets", withExtension: "swift")
        XCTAssertGreaterThanOrEqual(sources.count, 4, "the example files were not found")
        let compiled = try sources.map { normalized(Substring(try String(contentsOf: $0, encoding: .utf8))) }

        let documents = files(under: "Sources/RACSwift/RACSwift.docc", withExtension: "md")
            + files(under: "Sources/RACSwiftTesting/RACSwiftTesting.docc", withExtension: "md")
            + [root.appendingPathComponent("README.md")]
        var checked = 0
        for document in documents {
            for block in try swiftBlocks(in: document) {
                checked += 1
                XCTAssertTrue(compiled.contains { contains($0, block.lines) },
                              "\(document.lastPathComponent):\(block.line): this Swift example is in no Docs/*Examples.swift test file nor compile-fail snippet:\n"
                              + block.lines.joined(separator: "\n"))
            }
        }
        XCTAssertGreaterThan(checked, 40, "too few Swift examples found: the articles were not read")
    }
}
