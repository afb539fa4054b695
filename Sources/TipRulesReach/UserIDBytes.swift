/// A user's id as the bytes of its text (a string id's UTF-8, an integer id's decimal digits, as
/// `String(number)` writes them), in storage that one worker fills again user after user: set,
/// compared and lent without an array's generic paths (emptying, appending and comparing two
/// arrays cost about 300 instructions a user).
final class UserIDBytes {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 32
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// The id's bytes, valid until the id is set again.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    /// Makes the id `bytes`.
    func set(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { storage.update(from: source, count: bytes.count) }
        count = bytes.count
    }

    /// Makes the id `number`'s decimal text: written into the storage's second `longestDecimal`
    /// bytes from the last digit, then moved to the first.
    func set(decimal number: Int) {
        let room = ReachInput.longestDecimal
        reserve(2 &* room)
        count = ReachInput.writeDecimal(number, endingAt: storage + 2 &* room)
        storage.update(from: storage + (2 &* room &- count), count: count)
    }

    /// Whether both ids are the same bytes.
    func equals(_ other: UserIDBytes) -> Bool {
        count == other.count && SameBytes.equal(storage, other.storage, count: count)
    }

    /// Room for `needed` bytes (the id's own kept only until it is set again, so not copied).
    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        storage.deallocate()
        capacity = Swift.max(needed, 2 &* capacity)
        storage = .allocate(capacity: capacity)
    }
}
