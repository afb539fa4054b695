// tiprulec-fetch URL --limit BYTES --timeout SECONDS: fetches one file of a channel for
// `tiprulec channel verify`, so that tiprulec itself links no networking (as git keeps HTTP
// in git-remote-https). Writes the body to standard output and exits 0 on a 200; otherwise
// writes one line of JSON saying why (`ChannelTransportFailure`) to standard error and exits 1.
// Exit 2: usage.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesChannelCore
import TipRulesChannelHTTP

let usage = "usage: tiprulec-fetch URL --limit BYTES --timeout SECONDS\n"

func fail(_ message: String, status: Int32) -> Never {
    _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 5, arguments[1] == "--limit", arguments[3] == "--timeout",
      let limit = Int(arguments[2]), limit >= 0, let timeout = Double(arguments[4]), timeout > 0, timeout.isFinite else {
    fail(usage, status: 2)
}
do throws(ChannelUpdateError) {
    let url = arguments[0]
    let response = try URLSessionChannelTransport().get(url, ifNoneMatch: nil, limit: limit, timeout: timeout)
    guard response.status == 200 else { throw .httpStatus(url: url, status: response.status) }
    var written = 0
    while written < response.body.count {
        let count = response.body[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            fail(ChannelTransportFailure.line(.unreachable(url: arguments[0], reason: "cannot write the body")) + "\n", status: 1)
        }
        written += count
    }
} catch {
    fail(ChannelTransportFailure.line(error) + "\n", status: 1)
}
