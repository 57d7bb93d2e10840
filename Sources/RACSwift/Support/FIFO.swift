/// A first-in-first-out queue with amortized O(1) `append` and `removeFirst`: takeLast's
/// values, the merge point's waiting signals (`MergeState`), `ReplaySubject`'s values and a
/// scheduler's outstanding work. (zip keeps its values in `ZipBuffer`, raw storage that its
/// generic code can append to without a metadata look-up.)
///
/// A removed element is released at once: its slot is emptied when it is handed out, not when
/// the consumed prefix is reclaimed later, so a queue of signals retains only those still
/// waiting (contract §9).
struct FIFO<Element> {
    // Slots before `head` are nil (or, when `Element` is trivial, stale).
    private var items: [Element?] = []
    private var head = 0

    init() {}

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }
    var first: Element? { isEmpty ? nil : items[head] }

    mutating func append(_ element: Element) {
        items.append(element)
    }

    // Inlined so that only the rare storage upkeep is a call: removal is on delay's and
    // replay's per-value paths.
    @discardableResult @inline(__always)
    mutating func removeFirst() -> Element {
        precondition(!isEmpty, "FIFO.removeFirst(): the queue is empty")
        // Moved out of its slot, which then keeps no reference to it; a trivial element (delay's
        // due dates) holds none, so its slot is left alone, sparing the array write.
        let element = _isPOD(Element.self)
            ? items[head].unsafelyUnwrapped : items[head].take().unsafelyUnwrapped
        head += 1
        // Empty (start over in the same storage), or the consumed prefix dominates (reclaim it,
        // keeping removal amortized O(1)).
        if head == items.count || (head >= 32 && head * 2 >= items.count) { reclaim() }
        return element
    }

    @inline(never)
    private mutating func reclaim() {
        if head == items.count {
            items.removeAll(keepingCapacity: true)
        } else {
            items.removeFirst(head)
        }
        head = 0
    }

    mutating func removeAll() {
        items.removeAll()
        head = 0
    }

    /// The element `offset` places after the oldest.
    func element(at offset: Int) -> Element {
        precondition(offset >= 0 && offset < count, "FIFO.element(at:): offset out of range")
        return items[head + offset].unsafelyUnwrapped
    }

    /// The queued elements, oldest first.
    var elements: some RandomAccessCollection<Element> { items[head...].lazy.map { $0.unsafelyUnwrapped } }
}
