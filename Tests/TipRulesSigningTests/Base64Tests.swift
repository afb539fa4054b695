import Testing
import TipRulesRuntime
import TipRulesSigning
import TipRulesTestSupport

/// Base64 against RFC 4648's examples, and the texts strict decoding refuses.
@Suite struct Base64Tests {
    @Test func rfc4648Examples() throws {
        let examples = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
                        "foobar": "Zm9vYmFy"]
        for (plain, encoded) in examples {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(try Base64.decode(encoded) == Array(plain.utf8))
        }
    }

    @Test func everyByteRoundTrips() throws {
        var random = Xorshift(state: 64)
        for length in 0..<70 {
            let bytes = random.bytes(length)
            #expect(try Base64.decode(Base64.encode(bytes)) == bytes)
        }
        let all = (0...255).map { UInt8($0) }
        #expect(try Base64.decode(Base64.encode(all)) == all)
    }

    @Test(arguments: [
        ("Zg=", Base64.DecodingError.invalidLength(3)),
        ("Zh==", .nonCanonical),
        ("Zm9=", .nonCanonical),
        ("Z===", .misplacedPadding(offset: 1)),
        ("Zg=a", .misplacedPadding(offset: 2)),
        ("=Zg=", .misplacedPadding(offset: 0)),
        ("Zm9v\n", .invalidLength(5)),
        ("Zm 9", .invalidCharacter(offset: 2)),
        ("Zm-_", .invalidCharacter(offset: 2)),
        ("Zm9vYg==Zm9v", .misplacedPadding(offset: 6)),
        ("Zm9\u{e9}", .invalidLength(5)),
    ])
    func strictDecodingRefuses(text: String, error: Base64.DecodingError) {
        #expect(throws: error) { try Base64.decode(text) }
    }
}
