/// Whether two runs of bytes are the same, compared in place: the short names and ids of rows
/// (an event's, a field's, a user's) in a few word compares, without a call to `memcmp`.
enum SameBytes {
    /// Whether the `count` bytes at `one` and at `other` are equal. Eight bytes at a time, the last
    /// eight overlapping the ones before (no byte outside either run is read); fewer than eight as
    /// two overlapping runs of four, fewer than four byte by byte.
    @inline(__always)
    static func equal(_ one: UnsafePointer<UInt8>, _ other: UnsafePointer<UInt8>, count: Int) -> Bool {
        let a = UnsafeRawPointer(one), b = UnsafeRawPointer(other)
        if count >= 8 {
            var offset = 0
            while offset < count &- 8 {
                guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset &+= 8
            }
            return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        var offset = 0
        while offset < count {
            guard one[offset] == other[offset] else { return false }
            offset &+= 1
        }
        return true
    }

    /// Whether `one` and `other` hold the same bytes.
    @inline(__always)
    static func equal(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard one.count == other.count else { return false }
        guard let first = one.baseAddress, let second = other.baseAddress else { return true }
        return equal(first, second, count: one.count)
    }
}
