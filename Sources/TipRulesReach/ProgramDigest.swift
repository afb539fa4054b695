import TipRulesRuntime

/// A digest of a program's bytecode, carried by partial reports: partials of different programs
/// are not merged.
package enum ProgramDigest {
    package static func of(_ program: Program) -> String {
        // Two independent FNV-1a hashes, mixed; the second keeps 24 bits.
        let (high, low) = program.encoded().withUnsafeBufferPointer { bytes in
            (mixedFNV(bytes, basis: 0xcbf2_9ce4_8422_2325, prime: 0x0000_0100_0000_01b3),
             mixedFNV(bytes, basis: 0x8422_2325_cbf2_9ce4, prime: 0x9e37_79b9_7f4a_7c15) >> 40)
        }
        return String(high, radix: 16) + "-" + String(low, radix: 16)
    }

    /// A 64-bit digest of any bytes (a user's id), the same in every process.
    package static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        mixedFNV(bytes, basis: 0xcbf2_9ce4_8422_2325, prime: 0x0000_0100_0000_01b3)
    }

    /// FNV-1a of `bytes` from `basis` with `prime`, then MurmurHash3's finalizer.
    private static func mixedFNV(_ bytes: UnsafeBufferPointer<UInt8>, basis: UInt64, prime: UInt64) -> UInt64 {
        var value = basis
        for byte in bytes { value = (value ^ UInt64(byte)) &* prime }
        value = (value ^ (value >> 33)) &* 0xff51_afd7_ed55_8ccd
        value = (value ^ (value >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return value ^ (value >> 33)
    }
}
