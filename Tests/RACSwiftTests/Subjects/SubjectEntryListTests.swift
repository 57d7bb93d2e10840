import Foundation
@testable import RACSwift
import XCTest

/// `SubjectEntryList`, the subject's hand-managed list of subscriptions, on its own: inline
/// first entry, growth, vacant slots, copies that share nothing but the entries, and release.
final class SubjectEntryListTests: RACTestCase {
    private func entries(_ count: Int) -> [SubjectEntryBase] {
        (0..<count).map { _ in SubjectEntryBase() }
    }

    private func contents(_ list: SubjectEntryList) -> [ObjectIdentifier] {
        var seen: [ObjectIdentifier] = []
        list.forEachUnretained { seen.append(ObjectIdentifier($0)) }
        return seen
    }

    func testTheFirstEntryIsKeptInlineAndASecondMovesBothIntoABuffer() {
        let made = entries(2)
        var list = SubjectEntryList()
        XCTAssertEqual(list.count, 0)
        XCTAssertEqual(contents(list), [])
        list.append(made[0])
        XCTAssertEqual(list.count, 1)
        XCTAssertTrue(list[0] === made[0])
        list.append(made[1])
        XCTAssertEqual(list.count, 2)
        XCTAssertEqual(contents(list), made.map(ObjectIdentifier.init))
        list.free()
        XCTAssertEqual(list.count, 0)
    }

    func testGrowingKeepsTheOrder() {
        let made = entries(37)
        var list = SubjectEntryList()
        for entry in made { list.append(entry) }
        XCTAssertEqual(list.count, 37)
        XCTAssertEqual(contents(list), made.map(ObjectIdentifier.init))
        list.free()
    }

    func testAVacantSlotIsSkippedByTheWalkAndTheLastEntryCanBeRemoved() {
        let made = entries(3)
        var list = SubjectEntryList()
        for entry in made { list.append(entry) }
        list[1] = nil
        XCTAssertNil(list[1])
        XCTAssertEqual(contents(list), [made[0], made[2]].map(ObjectIdentifier.init))
        list.removeLast()
        XCTAssertEqual(list.count, 2)
        XCTAssertEqual(contents(list), [ObjectIdentifier(made[0])])
        list.free()
    }

    func testRemovingTheInlineEntryEmptiesTheList() {
        var list = SubjectEntryList()
        list.append(SubjectEntryBase())
        list.removeLast()
        XCTAssertEqual(list.count, 0)
        XCTAssertEqual(contents(list), [])
        list.free()
    }

    func testACopyHasItsOwnSlotsAndKeepsTheEntriesAliveUntilFreed() {
        for count in [1, 5] {
            weak var first: SubjectEntryBase?
            var list = SubjectEntryList()
            var copy = SubjectEntryList()
            do {
                let made = entries(count)
                first = made[0]
                for entry in made { list.append(entry) }
                copy = list.copy()
            }
            if count > 1 { list[0] = nil }
            XCTAssertEqual(copy.count, count)
            XCTAssertTrue(copy[0] === first, "count \(count): the copy's slot changed with the original's")
            list.free()
            XCTAssertNotNil(first, "count \(count): the copy does not keep its entries")
            copy.free()
            XCTAssertNil(first, "count \(count): freeing the copy did not release its entries")
        }
    }

    func testFreeReleasesEveryEntry() {
        weak var inline: SubjectEntryBase?
        weak var buffered: SubjectEntryBase?
        var single = SubjectEntryList()
        var several = SubjectEntryList()
        do {
            let one = SubjectEntryBase()
            inline = one
            single.append(one)
            let made = entries(3)
            buffered = made[2]
            for entry in made { several.append(entry) }
        }
        XCTAssertNotNil(inline)
        XCTAssertNotNil(buffered)
        single.free()
        several.free()
        XCTAssertNil(inline)
        XCTAssertNil(buffered)
    }
}
