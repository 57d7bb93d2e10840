import Foundation

struct QueueEntry {
    enum Work {
        case block(ScheduledAction)
        case recursion(VirtualRecursion)

        var isCancelled: Bool {
            switch self {
            case .block(let action): return action.isDisposed
            case .recursion(let recursion): return recursion.isDisposed
            }
        }
    }

    let time: TimeInterval  // since the reference date
    let sequence: UInt64
    let work: Work
}

/// A binary min-heap of queue entries ordered by (time, sequence).
struct ActionHeap {
    private(set) var entries: [QueueEntry] = []

    var count: Int { entries.count }
    var first: QueueEntry? { entries.first }

    private static func before(_ a: QueueEntry, _ b: QueueEntry) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }

    mutating func insert(_ entry: QueueEntry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, Self.before(entries[left], entries[smallest]) { smallest = left }
            if right < entries.count, Self.before(entries[right], entries[smallest]) { smallest = right }
            if smallest == parent { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
