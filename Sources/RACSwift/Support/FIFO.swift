/// A first-in-first-out queue with amortized O(1) `append` and `removeFirst`: takeLast's
/// values, the merge point's waiting signals (`MergeState`), `ReplaySubject`'s values and a
/// scheduler's outstanding work. (zip keeps its values in `ZipBuffer`, raw storage that its
/// generic code can append to without a metadata look-up.)
struct FIFO<Element> {
    private var items: [Element] = []
    private var head = 0

    init() {}

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }
    var first: Element? { isEmpty ? nil : items[head] }

    mutating func append(_ element: Element) {
        items.append(element)
    }

    @discardableResult
    mutating func removeFirst() -> Element {
        precondition(!isEmpty, "FIFO.removeFirst(): the queue is empty")
        let element = items[head]
        head += 1
        // Reclaim the consumed prefix once it dominates, keeping removal amortized O(1).
        if head >= 32, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return element
    }

    mutating func removeAll() {
        items.removeAll()
        head = 0
    }

    /// The element `offset` places after the oldest.
    func element(at offset: Int) -> Element {
        precondition(offset >= 0 && offset < count, "FIFO.element(at:): offset out of range")
        return items[head + offset]
    }

    /// The queued elements, oldest first.
    var elements: ArraySlice<Element> { items[head...] }
}
