/// One file fetched from a channel: the HTTP status (200, or 304 for a conditional request that
/// found no change), the body and the ETag.
public struct ChannelResponse: Sendable, Equatable {
    public var status: Int
    public var body: [UInt8]
    public var etag: String?

    public init(status: Int, body: [UInt8], etag: String? = nil) {
        self.status = status
        self.body = body
        self.etag = etag
    }
}

/// How a channel's files reach the device: one bounded request at a time. An implementation
/// reads at most `limit` bytes of the body (more is `.tooLarge`, and it stops reading and
/// drops the connection at the cap, so a larger answer costs no more memory), answers within
/// `timeout` seconds (else `.timedOut`), sends `If-None-Match` with `etag`, uses no cache and
/// follows no redirect to another scheme. It blocks the calling thread.
///
/// `ChannelFileTransport` reads `file:` URLs; `URLSessionChannelTransport` (the library
/// `TipRulesChannelHTTP`) fetches http and https.
public protocol ChannelTransport: Sendable {
    func get(_ url: String, ifNoneMatch etag: String?, limit: Int, timeout: Double) throws(ChannelUpdateError) -> ChannelResponse
}

/// The URL of the file at `path` in the channel at `url` (a channel's URL names its folder).
public func channelFileURL(_ path: String, in url: String) -> String {
    url.hasSuffix("/") ? url + path : url + "/" + path
}
