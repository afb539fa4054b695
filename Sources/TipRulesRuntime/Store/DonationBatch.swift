/// One event's donations as a reader gathers them before they go into a store at once
/// (`EventStore.donate(event:batch:)`): each donation's date and its field values as slot bits, in
/// the order given. A string value is kept aside, its slot its place among the batch's strings;
/// the store interns it when the batch goes in. The storage is the batch's own, which one reader
/// (one thread) empties and fills user after user: no check for sharing at every value, as an
/// array's would be, and nothing to destroy when emptied.
public final class DonationBatch {
    /// The event's field kinds, in declared order.
    public let kinds: [ScalarKind]
    // Inlined into readers (`@usableFromInline`), and read and written by this class alone, never
    // across a call that could reach it again: no check of exclusive access at run time.
    @usableFromInline let width: Int
    /// Whether a field is a `String`: whether the batch keeps strings aside at all.
    let hasStringFields: Bool
    @usableFromInline @exclusivity(unchecked) var storedCount = 0
    @usableFromInline @exclusivity(unchecked) var capacity = 0
    @usableFromInline @exclusivity(unchecked) var dateStorage: UnsafeMutablePointer<Double>
    /// The field values, `width` a donation, donation after donation.
    @usableFromInline @exclusivity(unchecked) var slotStorage: UnsafeMutablePointer<UInt64>
    @usableFromInline @exclusivity(unchecked) var strings: [String] = []
    /// The place among the values (donation after donation) of the first that is not of its
    /// field's kind, and its kind: what `EventStore.donate(event:batch:)` refuses the batch for.
    @usableFromInline @exclusivity(unchecked) var mismatch: (position: Int, found: ScalarKind)?
    /// How many field values the first donation given with another number than the event's fields
    /// had (`append(date:fields:)`): what `EventStore.donate(event:batch:)` refuses the batch for.
    @usableFromInline @exclusivity(unchecked) var miscount: Int?

    /// An empty batch for an event whose fields have the kinds `kinds`.
    public init(kinds: [ScalarKind]) {
        self.kinds = kinds
        width = kinds.count
        hasStringFields = kinds.contains(.string)
        dateStorage = .allocate(capacity: 0)
        slotStorage = .allocate(capacity: 0)
    }

    deinit {
        dateStorage.deallocate()
        slotStorage.deallocate()
    }

    /// The number of donations.
    @inlinable public var count: Int { storedCount }

    /// Whether there is no donation.
    @inlinable public var isEmpty: Bool { storedCount == 0 }

    /// The dates of the donations, in the order given.
    public var dates: UnsafeBufferPointer<Double> { UnsafeBufferPointer(start: dateStorage, count: count) }

    /// The field values of the donations, `kinds.count` a donation, in the order given.
    var slots: UnsafeBufferPointer<UInt64> { UnsafeBufferPointer(start: slotStorage, count: count &* width) }

    /// Appends a donation dated `date`; its field values, slot bits of its fields' kinds in declared
    /// order (a string's from `string(_:)`), go where the result points. The caller vouches for
    /// their kinds (`append(date:fields:)` checks them).
    @inlinable @inline(__always)
    public func appendRow(date: Double) -> UnsafeMutablePointer<UInt64> {
        let count = storedCount
        if count == capacity { grow() }
        (dateStorage + count).initialize(to: date)
        storedCount = count &+ 1
        return slotStorage + count &* width
    }

    /// The slot bits of `text`, a value of a `String` field: its place among the batch's strings.
    @inlinable
    public func string(_ text: String) -> UInt64 {
        strings.append(text)
        return UInt64(strings.count &- 1)
    }

    /// Appends a donation dated `date` whose field values, in declared order, are `fields`, each
    /// checked against its field's kind, and their number against the event's fields: a batch
    /// given a value of another kind, or too few or too many, is refused whole by `donate`.
    public func append(date: Double, fields: some Collection<ScalarValue>) {
        if fields.count != width, miscount == nil { miscount = fields.count }
        let row = appendRow(date: date)
        var values = fields.makeIterator()
        for index in 0..<width {
            var bits: UInt64 = 0
            if let value = values.next() {
                if value.kind == kinds[index] {
                    bits = SlotEncoding.bits(value) { text in Int(truncatingIfNeeded: string(text)) }
                } else if mismatch == nil {
                    mismatch = ((storedCount &- 1) &* width &+ index, value.kind)
                }
            }
            (row + index).initialize(to: bits)
        }
    }

    /// The place among the values (donation after donation) of the first value of a `String` field
    /// that is no string of the batch's (`string(_:)`): slot bits an `appendRow(date:)` caller wrote
    /// wrongly, which `donate` refuses rather than read; nil when there is none.
    func firstUnknownString() -> Int? {
        guard hasStringFields else { return nil }
        for (position, bits) in slots.enumerated() where kinds[position % width] == .string && bits >= UInt64(strings.count) {
            return position
        }
        return nil
    }

    /// Removes every donation, keeping the storage.
    @inlinable
    public func removeAll() {
        storedCount = 0
        mismatch = nil
        miscount = nil
        if !strings.isEmpty { strings.removeAll(keepingCapacity: true) }
    }

    /// Twice the room (room for eight at first). The room doubles from storage already allocated,
    /// eight bytes a date, so neither it nor the values' count (times an event's few fields) comes
    /// near `Int.max` before memory runs out: the check guards the arithmetic, no input reaches it.
    @usableFromInline
    func grow() {
        let (doubled, overflow) = Swift.max(capacity, 4).multipliedReportingOverflow(by: 2)
        let (values, valuesOverflow) = doubled.multipliedReportingOverflow(by: width)
        precondition(!overflow && !valuesOverflow, "a batch of donations too large to address")
        let dates = UnsafeMutablePointer<Double>.allocate(capacity: doubled)
        dates.moveInitialize(from: dateStorage, count: count)
        dateStorage.deallocate()
        dateStorage = dates
        let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: values)
        slots.moveInitialize(from: slotStorage, count: count &* width)
        slotStorage.deallocate()
        slotStorage = slots
        capacity = doubled
    }
}
