import Foundation

/// A channel's files as a device fetches them, for tools that check a channel (`tiprulec
/// channel verify`): bounded, with a time-out, over http, https or `file:`. Blocks the calling
/// thread.
public enum ChannelFiles {
    /// The file at `path` under the channel `url`; anything but a 200 is an error.
    public static func fetch(_ path: String, from url: URL, limit: Int, timeout: Double = 30) throws(ChannelUpdateError) -> [UInt8] {
        let target = url.appendingPathComponent(path)
        let response = try ChannelFetcher.get(target, ifNoneMatch: nil, limit: limit, timeout: timeout)
        guard response.status == 200 else { throw .httpStatus(url: target.absoluteString, status: response.status) }
        return response.body
    }
}
