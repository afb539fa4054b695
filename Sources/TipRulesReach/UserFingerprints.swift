#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `reach` keeps of every user it has seen, to find a user whose rows are not contiguous:
/// 8 bytes each, a 64-bit keyed hash of the user's id, in an open-addressing table split into 64
/// segments that grow one at a time (so growing never holds two copies of the whole table), each
/// in memory of its own that goes back to the system when the segment grows. About 11 bytes per
/// user in all; where a user's rows began is found by reading the input again when a message
/// needs it (`ReachRun`), never kept.
package struct UserFingerprints: Sendable {
    /// The segments, chosen by a hash's top 6 bits; in each, 0 marks an empty slot.
    private var segments: [SlotTable] = (0..<64).map { _ in SlotTable(count: 0) }
    private var counts = [Int](repeating: 0, count: 64)
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Records the user; false when it was recorded before.
    mutating func insert(_ user: UnsafeBufferPointer<UInt8>) -> Bool {
        let hash = Self.hash(user)
        let segment = Int(hash >> 58)
        // Grown by half at 7/8 full: about 11 bytes a user on average, and probe runs stay short.
        if (counts[segment] + 1) * 8 > segments[segment].slots.count * 7 {
            segments[segment] = segments[segment].grown()
        } else if !isKnownUniquelyReferenced(&segments[segment]) {
            segments[segment] = segments[segment].copy()
        }
        guard segments[segment].insert(hash) else { return false }
        counts[segment] += 1
        count += 1
        return true
    }

    /// Whether the user has been recorded.
    func contains(_ user: UnsafeBufferPointer<UInt8>) -> Bool { contains(hash: Self.hash(user)) }

    /// Whether two sets share a user (a user split across parts of an input).
    func intersects(_ other: UserFingerprints) -> Bool {
        let (small, large) = count < other.count ? (self, other) : (other, self)
        return small.segments.contains { $0.slots.contains { $0 != 0 && large.contains(hash: $0) } }
    }

    private func contains(hash: UInt64) -> Bool { segments[Int(hash >> 58)].contains(hash) }

    /// A 64-bit SipHash of the id, keyed afresh by each process (so that no one can choose ids
    /// that collide), never 0: 0 marks an empty slot.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        let value = UInt64(bitPattern: Int64(hasher.finalize()))
        return value == 0 ? 1 : value
    }
}

/// One segment: 64-bit slots with linear probing, in pages of its own (`mmap`) so that freeing a
/// segment that grew gives its memory back at once (the allocator's heap would keep it). Its slots
/// change only through a set that holds the one reference to it (a set copies a shared table
/// first), so tables are shared between threads only to be read.
private final class SlotTable: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<UInt64>
    private let isMapped: Bool

    init(count: Int) {
        let bytes = count * MemoryLayout<UInt64>.stride
        let pages = bytes == 0 ? nil : mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        if let pages, pages != MAP_FAILED {
            // Anonymous pages are zero: every slot is empty.
            slots = UnsafeMutableBufferPointer(start: pages.assumingMemoryBound(to: UInt64.self), count: count)
            isMapped = true
        } else {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: 0)
            isMapped = false
        }
    }

    deinit {
        if isMapped { munmap(slots.baseAddress, slots.count * MemoryLayout<UInt64>.stride) } else { slots.deallocate() }
    }

    /// Puts `hash` in the table (which has room); false when it is there already.
    func insert(_ hash: UInt64) -> Bool {
        var slot = home(of: hash)
        while slots[slot] != 0 {
            if slots[slot] == hash { return false }
            slot = slot + 1 == slots.count ? 0 : slot + 1
        }
        slots[slot] = hash
        return true
    }

    func contains(_ hash: UInt64) -> Bool {
        guard !slots.isEmpty else { return false }
        var slot = home(of: hash)
        while slots[slot] != 0 {
            if slots[slot] == hash { return true }
            slot = slot + 1 == slots.count ? 0 : slot + 1
        }
        return false
    }

    /// The same hashes in a table half as large again (64 slots at least).
    func grown() -> SlotTable {
        let table = SlotTable(count: max(64, slots.count + slots.count / 2))
        for hash in slots where hash != 0 { _ = table.insert(hash) }
        return table
    }

    /// The same hashes in a table of the same size (before changing a table another set shares).
    func copy() -> SlotTable {
        let table = SlotTable(count: slots.count)
        if let source = slots.baseAddress, let target = table.slots.baseAddress { target.update(from: source, count: slots.count) }
        return table
    }

    /// A hash's first slot: its low 32 bits scaled to the table's size (the top bits chose the segment).
    @inline(__always)
    private func home(of hash: UInt64) -> Int {
        Int(((hash & 0xFFFF_FFFF) &* UInt64(slots.count)) >> 32)
    }
}
