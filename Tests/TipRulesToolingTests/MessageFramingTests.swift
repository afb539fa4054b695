import XCTest
@testable import TipRulesTooling

final class MessageFramingTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] {
        MessageFrameWriter.frame(Array(body.utf8))
    }

    private func events(_ chunks: [[UInt8]], maximumBodySize: Int = MessageFrameReader.defaultMaximumBodySize) -> [FrameEvent] {
        var reader = MessageFrameReader(maximumBodySize: maximumBodySize)
        var events: [FrameEvent] = []
        for chunk in chunks {
            reader.append(chunk)
            while let event = reader.next() { events.append(event) }
        }
        return events
    }

    private func message(_ text: String) -> FrameEvent { .message(Array(text.utf8)) }

    private func isMalformed(_ event: FrameEvent) -> Bool {
        if case .malformed = event { return true }
        return false
    }

    func testWriterFramesTheBody() {
        XCTAssertEqual(String(decoding: frame("{\"a\":1}"), as: UTF8.self), "Content-Length: 7\r\n\r\n{\"a\":1}")
        XCTAssertEqual(String(decoding: frame("é"), as: UTF8.self), "Content-Length: 2\r\n\r\né")
    }

    func testFrameSplitIntoSingleBytes() {
        let bytes = frame("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}")
        XCTAssertEqual(events(bytes.map { [$0] }), [message("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}")])
    }

    func testFrameSplitInsideHeaderAndBody() {
        let bytes = frame("{\"a\":\"bcdef\"}")
        for split in 1..<bytes.count {
            XCTAssertEqual(events([Array(bytes[..<split]), Array(bytes[split...])]), [message("{\"a\":\"bcdef\"}")], "split at \(split)")
        }
    }

    func testSeveralFramesInOneChunk() {
        let chunk = frame("[1]") + frame("[2]") + frame("") + frame("[3]")
        XCTAssertEqual(events([chunk]), [message("[1]"), message("[2]"), message(""), message("[3]")])
    }

    func testHeadersAreCaseInsensitiveAndOthersIgnored() {
        let chunk = Array("content-length:3\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n[1]".utf8)
            + Array("CONTENT-LENGTH:   3  \r\n\r\n[2]".utf8)
        XCTAssertEqual(events([chunk]), [message("[1]"), message("[2]")])
    }

    func testBadHeadersAreReportedAndTheNextFrameIsRead() {
        let bad = [
            "Content-Type: text/plain\r\n\r\n",
            "Content-Length: abc\r\n\r\n{}",
            "Content-Length: -5\r\n\r\n{}",
            "Content-Length: 99999999999999999999999999\r\n\r\n{}",
            "Content-Length:\r\n\r\n",
            "Content-Length: 3\r\nContent-Length: 4\r\n\r\n",
            "no colon here\r\n\r\n",
            "Content-Length: 3 0\r\n\r\n",
        ]
        for header in bad {
            let found = events([Array(header.utf8) + frame("[7]")])
            XCTAssertEqual(found.count, 2, header)
            XCTAssertTrue(found.first.map(isMalformed) ?? false, header)
            XCTAssertEqual(found.last, message("[7]"), header)
        }
    }

    func testBodyOverTheLimitIsRefused() {
        let found = events([frame("0123456789") + frame("[1]")], maximumBodySize: 5)
        XCTAssertEqual(found.count, 2)
        XCTAssertTrue(isMalformed(found[0]))
        XCTAssertEqual(found[1], message("[1]"))
    }

    func testEndlessHeaderIsCutOff() {
        var reader = MessageFrameReader()
        reader.append([UInt8](repeating: UInt8(ascii: "x"), count: MessageFrameReader.maximumHeaderSize + 10))
        XCTAssertTrue(reader.next().map(isMalformed) ?? false)
        XCTAssertNil(reader.next())
        reader.append(frame("[1]"))
        XCTAssertEqual(reader.next(), message("[1]"))
    }

    func testTruncatedFrameWaitsForMore() {
        var reader = MessageFrameReader()
        reader.append(Array("Content-Length: 10\r\n\r\n[1,".utf8))
        XCTAssertNil(reader.next())
        reader.append(Array("2,3,45]".utf8))
        XCTAssertEqual(reader.next(), message("[1,2,3,45]"))
        XCTAssertNil(reader.next())
    }

    func testRandomBytesNeverCrashAndFramingRecovers() {
        var random = SplitMix64(seed: 42)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let alphabet = Array("Content-Length: 0123456789\r\n{}\"abc".utf8)
        for round in 0..<300 {
            var reader = MessageFrameReader(maximumBodySize: 1000)
            var garbage: [UInt8] = []
            for _ in 0..<below(400) {
                garbage.append(below(2) == 0 ? UInt8(below(256)) : alphabet[below(alphabet.count)])
            }
            var position = 0
            while position < garbage.count {
                let size = 1 + below(50)
                reader.append(garbage[position..<min(position + size, garbage.count)])
                position += size
                while reader.next() != nil {}
            }
            // Garbage may announce a body that swallows what follows; a few good frames get through.
            reader.append(Array("\r\n\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 1000))
            for _ in 0..<3 { reader.append(frame("{\"end\":\(round)}")) }
            var last: FrameEvent?
            while let event = reader.next() { last = event }
            XCTAssertEqual(last, message("{\"end\":\(round)}"), "round \(round)")
        }
    }
}
