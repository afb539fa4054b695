import Foundation

/// A channel's files as a device fetches them, for tools that check a channel (`tiprulec
/// channel verify`): bounded, with a time-out, over http, https or `file:`.
public enum ChannelFiles {
    /// The file at `path` under the channel `url`; anything but a 200 is an error.
    public static func fetch(_ path: String, from url: URL, limit: Int, timeout: Double = 30) async throws(ChannelUpdateError) -> [UInt8] {
        let target = url.appendingPathComponent(path)
        let response = try await ChannelFetcher.get(target, ifNoneMatch: nil, limit: limit, timeout: timeout)
        guard response.status == 200 else { throw .httpStatus(url: target.absoluteString, status: response.status) }
        return response.body
    }

    /// Runs `operation` on another thread and waits for it: for command-line tools, which have
    /// nothing else to do meanwhile. An app awaits the async calls instead.
    public static func waiting<Value: Sendable>(for operation: @escaping @Sendable () async -> Value) -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Value>()
        Task.detached {
            box.value = await operation()
            done.signal()
        }
        done.wait()
        guard let value = box.value else { preconditionFailure("the operation signalled without a value") }
        return value
    }
}

/// The value a waited-for task hands back (written once, before the semaphore is signalled).
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
