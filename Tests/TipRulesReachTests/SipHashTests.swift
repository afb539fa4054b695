@testable import TipRulesReach
import Testing

/// `SipHash` against the reference's key (bytes 0 to 15) and messages (bytes 0, 1, 2, …): SipHash-2-4
/// gives the reference's vectors, and SipHash-1-3 (what `UserFingerprints` hashes ids with) the
/// values of an independent implementation of the same rounds, at every length a word boundary
/// changes the reading.
@Suite struct SipHashTests {
    private let key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908)

    private func hash(length: Int, compressionRounds: Int, finalizationRounds: Int) -> UInt64 {
        let message = (0..<length).map { UInt8($0) }
        return message.withUnsafeBytes {
            SipHash.hash($0, key: key, compressionRounds: compressionRounds, finalizationRounds: finalizationRounds)
        }
    }

    @Test func sipHash24GivesTheReferenceVectors() {
        let expected: [Int: UInt64] = [
            0: 0x726F_DB47_DD0E_0E31, 7: 0xAB02_00F5_8B01_D137, 8: 0x93F5_F579_9A93_2462, 12: 0x751E_8FBC_860E_E5FB,
            15: 0xA129_CA61_49BE_45E5, 16: 0x3F2A_CC7F_57C2_9BDB, 17: 0x699A_E9F5_2CBE_4794, 63: 0x958A_324C_EB06_4572,
        ]
        for (length, value) in expected {
            #expect(hash(length: length, compressionRounds: 2, finalizationRounds: 4) == value, "\(length) bytes")
        }
    }

    @Test func sipHash13GivesTheValuesOfItsRounds() {
        let expected: [Int: UInt64] = [
            0: 0xABAC_0158_050F_C4DC, 7: 0xD392_7D98_9BB1_1140, 8: 0x3690_9511_8D29_9A8E, 12: 0x78A3_84B1_57B4_D9A2,
            15: 0xD320_D86D_2A51_9956, 16: 0xCC4F_DD1A_7D90_8B66, 17: 0x9CF2_6890_63DB_D80C, 63: 0x9D19_9062_B7BB_B3A8,
        ]
        for (length, value) in expected {
            let message = (0..<length).map { UInt8($0) }
            #expect(message.withUnsafeBytes { SipHash.hash13($0, key: key) } == value, "\(length) bytes")
        }
    }

    /// The process's key is drawn once: every hash of a process uses the same.
    @Test func theProcessKeyIsDrawnOnce() {
        #expect(SipHash.processKey == SipHash.processKey)
        #expect(SipHash.processKey != (0, 0))
    }
}
