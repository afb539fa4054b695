/// A channel's files as a device fetches them, for tools that check a channel (`tiprulec
/// channel verify`): the channel's URL and the transport that reaches it. Blocks the calling
/// thread.
public struct ChannelFiles: Sendable {
    /// The channel's folder: `manifest.json` and `artifacts/` are under it.
    public var url: String
    public var transport: any ChannelTransport
    public var timeout: Double

    public init(url: String, transport: any ChannelTransport, timeout: Double = 30) {
        self.url = url
        self.transport = transport
        self.timeout = timeout
    }

    /// The file at `path` under the channel; anything but a 200 is an error.
    public func fetch(_ path: String, limit: Int) throws(ChannelUpdateError) -> [UInt8] {
        let target = channelFileURL(path, in: url)
        let response = try transport.get(target, ifNoneMatch: nil, limit: limit, timeout: timeout)
        guard response.status == 200 else { throw .httpStatus(url: target, status: response.status) }
        return response.body
    }
}
