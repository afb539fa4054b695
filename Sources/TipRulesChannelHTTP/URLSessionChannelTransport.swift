#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation
import TipRulesChannelCore

/// The channel transport of apps that update from a channel over http or https (and `file:`
/// URLs, read by `ChannelFileTransport`), bounded: at most `limit` bytes, one time-out per
/// request, no cache, no redirect to another scheme. `http:` goes through a socket of its own
/// (`PlainHTTPClient`), which stops reading at the cap; `https:` through URLSession, which
/// cancels at the cap (swift-corelibs-foundation's URLSession reads ahead of its delegate, so
/// on Linux an https answer may hold more than the cap in memory until the cancel lands). It blocks the calling
/// thread (URLSession works on its own threads meanwhile), so it is called off the app's main
/// thread and outside Swift's cooperative thread pool, as `ChannelUpdater` does.
public struct URLSessionChannelTransport: ChannelTransport {
    /// The schemes a channel may have.
    static let schemes: Set<String> = ["http", "https", "file"]

    public init() {}

    public func get(_ address: String, ifNoneMatch etag: String?, limit: Int, timeout: Double) throws(ChannelUpdateError) -> ChannelResponse {
        guard let url = URL(string: address) else { throw .unreachable(url: address, reason: "not a URL") }
        let scheme = url.scheme?.lowercased() ?? ""
        guard Self.schemes.contains(scheme) else { throw .redirectRefused(url: address, to: "the scheme '\(scheme)'") }
        if scheme == "file" { return try ChannelFileTransport().get(address, ifNoneMatch: etag, limit: limit, timeout: timeout) }
        if scheme == "http" { return try PlainHTTPClient.get(address, ifNoneMatch: etag, limit: limit, timeout: timeout) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let download = BoundedDownload(url: url, limit: limit, timeout: timeout)
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        task.resume()
        // The session's time-outs end the request; this bound holds should they not fire.
        guard download.wait(seconds: timeout + 1) else {
            task.cancel()
            throw .timedOut(url: address, seconds: timeout)
        }
        return try download.result().get()
    }
}

/// One HTTP request's delegate: keeps the body up to the limit, refuses a redirect to another
/// scheme, and ends the caller's wait with the response or the error.
private final class BoundedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let url: URL
    private let limit: Int
    private let timeout: Double
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var body: [UInt8] = []
    private var refusal: ChannelUpdateError?
    private var finished: Result<ChannelResponse, ChannelUpdateError>?

    init(url: URL, limit: Int, timeout: Double) {
        self.url = url
        self.limit = limit
        self.timeout = timeout
    }

    /// Waits for the request to end, at most `seconds`; whether it ended.
    func wait(seconds: Double) -> Bool {
        done.wait(timeout: .now() + seconds) == .success
    }

    func result() -> Result<ChannelResponse, ChannelUpdateError> {
        lock.withLock { finished } ?? .failure(.unreachable(url: url.absoluteString, reason: "no response"))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if response.expectedContentLength > limit {
            lock.withLock { refusal = .tooLarge(url: url.absoluteString, limit: limit) }
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock { () -> Bool in
            body.append(contentsOf: data)
            guard body.count > limit else { return false }
            refusal = .tooLarge(url: url.absoluteString, limit: limit)
            return true
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        // The Location header as sent, too: some URLSessions rewrite a target of another scheme.
        let location = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0) }
        let target = request.url
        let scheme = url.scheme?.lowercased()
        guard let target, target.scheme?.lowercased() == scheme, location?.scheme.map({ $0.lowercased() == scheme }) ?? true else {
            let shown = location?.absoluteString ?? target?.absoluteString ?? "nowhere"
            lock.withLock { refusal = .redirectRefused(url: url.absoluteString, to: shown) }
            completionHandler(nil)
            task.cancel()
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.withLock { finished = outcome(task, error) }
        done.signal()
    }

    /// Called with the lock held.
    private func outcome(_ task: URLSessionTask, _ error: Error?) -> Result<ChannelResponse, ChannelUpdateError> {
        let address = url.absoluteString
        if let refusal { return .failure(refusal) }
        let response = task.response as? HTTPURLResponse
        let expected = response.map { Int($0.expectedContentLength) } ?? -1
        if let error {
            let code = (error as NSError).code
            if code == NSURLErrorTimedOut { return .failure(.timedOut(url: address, seconds: timeout)) }
            if response != nil, expected > body.count {
                return .failure(.truncated(url: address, received: body.count, expected: expected))
            }
            return .failure(.unreachable(url: address, reason: error.localizedDescription))
        }
        guard let response else { return .failure(.unreachable(url: address, reason: "no HTTP response")) }
        if (300..<400).contains(response.statusCode), response.statusCode != 304 {
            return .failure(.redirectRefused(url: address, to: response.value(forHTTPHeaderField: "Location") ?? "elsewhere"))
        }
        if expected >= 0, response.statusCode == 200, expected != body.count {
            return .failure(.truncated(url: address, received: body.count, expected: expected))
        }
        return .success(ChannelResponse(status: response.statusCode, body: body, etag: response.value(forHTTPHeaderField: "ETag")))
    }
}
