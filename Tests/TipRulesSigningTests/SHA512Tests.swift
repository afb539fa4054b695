import Testing
import TipRulesRuntime
import TipRulesSigning
import TipRulesTestSupport

/// SHA-512 against FIPS 180-4's examples and digests of messages around the block boundaries.
@Suite struct SHA512Tests {
    @Test func fipsExamples() {
        #expect(hex(SHA512.hash([UInt8]())) == "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
            + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e")
        #expect(hex(SHA512.hash(Array("abc".utf8))) == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
        let twoBlocks = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(hex(SHA512.hash(Array(twoBlocks.utf8))) == "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
            + "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909")
    }

    @Test func oneMillionAs() {
        #expect(hex(SHA512.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000)))
            == "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
            + "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b")
    }

    /// Lengths where the padding needs one block or two.
    @Test(arguments: [
        (111, "a1a111449b198d9b1f538bad7f3fc1022b3a5b1a5e90a0bc860de8512746cbc31599e6c834de3a3235327af0b51ff57bf7acf1974a73014d9c3953812edc7c8d"),
        (112, "c5fbd731d19d2ae1180f001be72c2c1aaba1d7b094b3748880e24593b8e117a750e11c1bd867cc2f96dace8c8b74abd2d5c4f236be444e77d30d1916174070b9"),
        (127, "eab89674feaa34e27aebeeff3c0a4d70070bb872d5e9f186cf1dbbdee517b6e35724d629ff025a5b07185e911ada7e3c8acf830aa0e4f71777bd2d44f504f7f0"),
        (128, "1dffd5e3adb71d45d2245939665521ae001a317a03720a45732ba1900ca3b8351fc5c9b4ca513eba6f80bc7b1d1fdad4abd13491cb824d61b08d8c0e1561b3f7"),
        (129, "1d9da57fbbdab09afb3506ab2d223d06109d65c1c8ad197f50138f714bc4c3f2fe5787922639c680acad1c651f955990425954ce2cba0c5cc83f2667d878eb0f"),
        (255, "e9746a5516961da1fdc8e6c59350cd147b7d80c120cc7ed621399faeb2462c28f34217a13009a8e6a721f538356db9a9b64d9a5412e0fd07d24cac1315d95548"),
        (256, "7ff1cd1e9773a4b7ba1f40e642db0d879bd5f6cc151a7d3401a0bc7778b8270c108b530fb195f2383f4cec8cf05778e6af4db56811673371674cec1524488f83"),
    ])
    func blockBoundaries(length: Int, digest: String) {
        let message = (0..<length).map { UInt8($0 % 251) }
        #expect(hex(SHA512.hash(message)) == digest)
        // The same digest from a collection without contiguous storage.
        #expect(hex(SHA512.hash(message.lazy.map { $0 })) == digest)
    }

    /// Feeding a message in parts, split anywhere, gives the digest of the whole.
    @Test func incrementalMatchesOneShot() {
        var random = Xorshift(state: 0x5eed_512)
        for _ in 0..<50 {
            let message = random.bytes(random.next(400))
            var hasher = SHA512.Hasher()
            var rest = message[...]
            while !rest.isEmpty {
                let part = rest.prefix(random.next(140) + 1)
                hasher.update(part)
                rest = rest.dropFirst(part.count)
            }
            #expect(hasher.finalize() == SHA512.hash(message))
        }
    }
}
