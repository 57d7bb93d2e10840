import Foundation
import XCTest

/// The porting guide's RAC → RACSwift tables name, for every RAC part, the test file that
/// covers it: every row marked done names one, and every file named exists.
final class PortingTableTests: RACTestCase {
    private let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    private func tableRows() throws -> [String] {
        let guide = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RACSwift/RACSwift.docc/PortingFromReactiveCocoa.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        guard let start = text.range(of: "## The RAC → RACSwift table") else {
            XCTFail("PortingFromReactiveCocoa.md has no RAC → RACSwift table")
            return []
        }
        // The table runs to the next level-2 heading, or to the end of the article.
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return rest[..<end]
            .split(separator: "\n")
            .map(String.init)
            .filter { $0.hasPrefix("| ") && $0.contains("✅") }
    }

    private func testPaths(in row: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "[A-Za-z]+/[A-Za-z]+Tests\\.swift")
        let range = NSRange(row.startIndex..., in: row)
        return pattern.matches(in: row, range: range).compactMap { Range($0.range, in: row).map { String(row[$0]) } }
    }

    func testEveryDoneRowNamesTestFilesThatExist() throws {
        let rows = try tableRows()
        XCTAssertGreaterThan(rows.count, 150, "the tables were not found whole")
        for row in rows {
            let paths = testPaths(in: row)
            XCTAssertFalse(paths.isEmpty, "no test file named in: \(row)")
            for path in paths {
                let file = testsDirectory.appendingPathComponent(path).path
                XCTAssertTrue(FileManager.default.fileExists(atPath: file), "\(path) does not exist (\(row))")
            }
        }
    }
}
