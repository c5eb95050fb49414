import Foundation

/// How a ``LocatorTask`` made with ``LocatorTask/init(url:apiKey:options:)`` talks to its
/// GeocodeServer: timeouts, retries and where the API key goes.
///
/// ```swift
/// var options = RemoteServiceOptions()
/// options.timeout = 10
/// options.maxRetries = 1
/// let task = LocatorTask(url: serviceURL, apiKey: key, options: options)
/// ```
public struct RemoteServiceOptions: Sendable, Hashable {
    /// Where the API key is sent.
    public enum TokenPlacement: Sendable, Hashable {
        /// The `X-Esri-Authorization: Bearer <key>` header (default: it stays out of URLs and logs).
        case header
        /// The `token` request parameter (for servers that read only that).
        case parameter
    }

    /// Seconds one attempt may take before it counts as timed out (default 30).
    public var timeout: TimeInterval = 30
    /// How many times a request is retried after a timeout, a rate limit (429) or a server
    /// failure (5xx); other errors are never retried (default 2).
    public var maxRetries = 2
    /// The first retry's delay in seconds; each further one doubles it, with up to 50 %
    /// random jitter, capped at ``maxRetryDelay`` (default 0.5).
    public var retryDelay: TimeInterval = 0.5
    /// The longest wait between attempts, including a server's `Retry-After` (default 8 s).
    public var maxRetryDelay: TimeInterval = 8
    /// Where the API key goes (default ``TokenPlacement/header``).
    public var tokenPlacement = TokenPlacement.header
    /// URLs longer than this are sent as form POSTs instead of GETs (default 2,000 characters,
    /// as ArcGIS's own clients do).
    public var maxGetURLLength = 2000

    public init() {}
}
