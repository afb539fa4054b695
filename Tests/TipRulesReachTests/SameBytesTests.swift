@testable import TipRulesReach
import Testing
import TipRulesTestSupport

/// `SameBytes.equal`, the in-place comparison of names and ids: it answers what comparing the
/// bytes one by one answers, for runs of 0 to 40 bytes at any offset in their buffers, equal or
/// differing at any one place, or in their first and last bytes.
@Suite struct SameBytesTests {
    @Test func answersWhatComparingByteByByteAnswers() {
        var random = Xorshift(state: 0x5A3E_B17E)
        for count in 0...40 {
            for _ in 0..<200 {
                let run = (0..<count).map { _ in UInt8(random.next(256)) }
                var other = run
                switch random.next(4) {
                case 0: break
                case 1 where count > 0: other[random.next(count)] ^= UInt8(1 + random.next(255))
                case 2 where count > 0: other[count - 1] ^= 0x80
                case 3 where count > 0: other[0] ^= 0x01
                default: break
                }
                // Each run placed at an offset of its own inside a larger buffer, with bytes around it.
                let (leading, otherLeading) = (random.next(9), random.next(9))
                let buffer = (0..<leading).map { _ in UInt8(random.next(256)) } + run + [0xFF, 0x00]
                let otherBuffer = (0..<otherLeading).map { _ in UInt8(random.next(256)) } + other + [0x00, 0xFF]
                let answer = buffer.withUnsafeBufferPointer { one in
                    otherBuffer.withUnsafeBufferPointer { two in
                        SameBytes.equal(UnsafeBufferPointer(rebasing: one[leading..<leading + count]),
                                        UnsafeBufferPointer(rebasing: two[otherLeading..<otherLeading + count]))
                    }
                }
                #expect(answer == (run == other), "\(run) and \(other)")
            }
        }
    }

    @Test func runsOfOtherLengthsDiffer() {
        let one: [UInt8] = Array("enteredBackyardDetailView".utf8), other = Array("enteredBackyardDetailViews".utf8)
        let answer = one.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in SameBytes.equal(a, b) } }
        #expect(!answer)
        let empty: [UInt8] = []
        #expect(empty.withUnsafeBufferPointer { a in empty.withUnsafeBufferPointer { b in SameBytes.equal(a, b) } })
    }
}
