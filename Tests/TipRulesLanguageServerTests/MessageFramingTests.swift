import Testing
@testable import TipRulesLanguageServer
import TipRulesTestSupport

@Suite struct MessageFramingTests {
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

    @Test func writerFramesTheBody() {
        #expect(String(decoding: frame("{\"a\":1}"), as: UTF8.self) == "Content-Length: 7\r\n\r\n{\"a\":1}")
        #expect(String(decoding: frame("é"), as: UTF8.self) == "Content-Length: 2\r\n\r\né")
    }

    @Test func frameSplitIntoSingleBytes() {
        let bytes = frame("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}")
        #expect(events(bytes.map { [$0] }) == [message("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}")])
    }

    @Test func frameSplitInsideHeaderAndBody() {
        let bytes = frame("{\"a\":\"bcdef\"}")
        for split in 1..<bytes.count {
            #expect(events([Array(bytes[..<split]), Array(bytes[split...])]) == [message("{\"a\":\"bcdef\"}")], "split at \(split)")
        }
    }

    @Test func severalFramesInOneChunk() {
        let chunk = frame("[1]") + frame("[2]") + frame("") + frame("[3]")
        #expect(events([chunk]) == [message("[1]"), message("[2]"), message(""), message("[3]")])
    }

    @Test func headersAreCaseInsensitiveAndOthersIgnored() {
        let chunk = Array("content-length:3\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n[1]".utf8)
            + Array("CONTENT-LENGTH:   3  \r\n\r\n[2]".utf8)
        #expect(events([chunk]) == [message("[1]"), message("[2]")])
    }

    @Test func badHeadersAreReportedAndTheNextFrameIsRead() {
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
            #expect(found.count == 2, Comment(rawValue: header))
            #expect(found.first.map(isMalformed) ?? false, Comment(rawValue: header))
            #expect(found.last == message("[7]"), Comment(rawValue: header))
        }
    }

    @Test func bodyOverTheLimitIsRefused() {
        let found = events([frame("0123456789") + frame("[1]")], maximumBodySize: 5)
        #expect(found.count == 2)
        #expect(isMalformed(found[0]))
        #expect(found[1] == message("[1]"))
    }

    @Test func endlessHeaderIsCutOff() {
        var reader = MessageFrameReader()
        reader.append([UInt8](repeating: UInt8(ascii: "x"), count: MessageFrameReader.maximumHeaderSize + 10))
        #expect(reader.next().map(isMalformed) ?? false)
        #expect(reader.next() == nil)
        reader.append(frame("[1]"))
        #expect(reader.next() == message("[1]"))
    }

    @Test func truncatedFrameWaitsForMore() {
        var reader = MessageFrameReader()
        reader.append(Array("Content-Length: 10\r\n\r\n[1,".utf8))
        #expect(reader.next() == nil)
        reader.append(Array("2,3,45]".utf8))
        #expect(reader.next() == message("[1,2,3,45]"))
        #expect(reader.next() == nil)
    }

    @Test func randomBytesNeverCrashAndFramingRecovers() {
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
            #expect(last == message("{\"end\":\(round)}"), "round \(round)")
        }
    }
}
