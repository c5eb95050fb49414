import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends GeocodeServer requests over HTTP(S) with `URLSession`: GET, or a form POST when the
/// URL would be too long; the API key as a header or `token`; bounded retries with
/// exponential backoff and jitter for timeouts, 429 and 5xx (from the HTTP status or from an
/// ArcGIS error body on HTTP 200); every failure as a ``LocatorError`` whose message never
/// holds the key.
final class GeocodeServiceClient: Sendable {
    let serviceURL: URL
    private let apiKey: String?
    let options: RemoteServiceOptions
    private let session: URLSession
    private let collector = ResponseCollector()

    /// The largest answer read from a service; a larger one is an error, not memory.
    static let maxResponseBytes = 64 << 20

    init(serviceURL: URL, apiKey: String?, options: RemoteServiceOptions) {
        self.serviceURL = serviceURL
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.options = options
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = options.timeout
        configuration.timeoutIntervalForResource = options.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// The service's host and port, for messages ("geocode.arcgis.com", "127.0.0.1:8080").
    var hostDescription: String {
        (serviceURL.host ?? "the service") + (serviceURL.port.map { ":\($0)" } ?? "")
    }

    /// Sends one operation ("findAddressCandidates", or "" for the root) and decodes the answer.
    func send<T: WireDecodable>(_ operation: String, _ parameters: WireParameters, as type: T.Type) async throws -> T {
        let body = try await send(operation, parameters)
        do {
            return try WireResponse.decode(type, json: body)
        } catch let error as WireError {
            throw describe(error, status: 200)
        }
    }

    /// Sends one operation and returns the parsed body of a successful answer (HTTP 2xx
    /// without an ArcGIS error; `nil` when the body is not JSON), retrying what may succeed later.
    func send(_ operation: String, _ parameters: WireParameters) async throws -> JSONValue? {
        guard let scheme = serviceURL.scheme?.lowercased(), ["http", "https"].contains(scheme), serviceURL.host != nil
        else {
            throw LocatorError.invalidParameter("the service URL must be an http:// or https:// GeocodeServer URL")
        }
        let request = makeRequest(operation, parameters)
        var attempt = 0
        while true {
            try Task.checkCancellation()
            let failure: LocatorError
            var retryAfter: TimeInterval?
            do {
                let (data, response) = try await perform(request)
                let status = response.statusCode
                let body = try? JSONDecoder().decode(JSONValue.self, from: data)
                let serviceError = body.flatMap(ErrorResponse.init)
                if (200..<300).contains(status), serviceError == nil { return body }
                failure = describe(serviceError, status: status)
                retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap(TimeInterval.init)
            } catch let error as URLError {
                if error.code == .cancelled { throw CancellationError() }
                failure = describe(error)
            }
            guard Self.isRetryable(failure), attempt < options.maxRetries else {
                throw attempt == 0
                    ? failure
                    : LocatorError(
                        failure.code, failure.message + " (after \(attempt + 1) attempts)",
                        serviceCode: failure.serviceCode)
            }
            let backoff = options.retryDelay * pow(2, Double(attempt)) * Double.random(in: 0.5...1)
            let wait = min(options.maxRetryDelay, max(backoff, retryAfter ?? 0))
            try await Task.sleep(nanoseconds: UInt64(max(0, wait) * 1e9))
            attempt += 1
        }
    }

    /// Timeouts, rate limits and server failures may pass; nothing else will.
    static func isRetryable(_ error: LocatorError) -> Bool {
        [.timeout, .rateLimited, .serviceUnavailable].contains(error.code)
    }

    private func makeRequest(_ operation: String, _ parameters: WireParameters) -> URLRequest {
        var parameters = parameters
        if let apiKey, options.tokenPlacement == .parameter {
            parameters = WireParameters(parameters.pairs.map { ($0.name, $0.value) } + [("token", apiKey)])
        }
        var base = serviceURL
        if !operation.isEmpty { base.appendPathComponent(operation) }
        let query = parameters.formEncoded
        let separator = base.absoluteString.contains("?") ? "&" : "?"
        var request: URLRequest
        if let url = URL(string: base.absoluteString + separator + query),
            url.absoluteString.count <= options.maxGetURLLength
        {
            request = URLRequest(url: url)
            request.httpMethod = "GET"
        } else {
            request = URLRequest(url: base)
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded; charset=UTF-8", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(query.utf8)
        }
        request.timeoutInterval = options.timeout
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("OpenLocator", forHTTPHeaderField: "User-Agent")
        if let apiKey, options.tokenPlacement == .header {
            request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "X-Esri-Authorization")
        }
        return request
    }

    /// One HTTP exchange; cancelling the Swift task cancels the transfer at once.
    private func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let handle = TransferHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                collector.expect(task, limit: Self.maxResponseBytes, continuation)
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }

    /// An error body or HTTP status as a ``LocatorError`` (the ArcGIS code wins over HTTP 200).
    private func describe(_ serviceError: ErrorResponse?, status: Int) -> LocatorError {
        let code = serviceError?.code ?? status
        // Scrubbed before it is cut, so no piece of an echoed key survives the cut.
        let said = serviceError.map { error in
            scrub(([error.message] + error.details).filter { !$0.isEmpty }.joined(separator: "; "))
        }
        func message(_ text: String) -> String {
            let detail = said.map { $0.isEmpty ? "" : ": \($0.prefix(300))" } ?? ""
            return scrub("\(text) (\(code)\(detail))")
        }
        switch code {
        case 498:
            return LocatorError(
                .invalidToken, message("the service rejected the API key as invalid or expired"), serviceCode: code)
        case 499, 401:
            return LocatorError(
                .tokenRequired, message("the service needs an API key; set ARCGIS_API_KEY or pass apiKey"),
                serviceCode: code)
        case 403: return LocatorError(.forbidden, message("the API key may not use this service"), serviceCode: code)
        case 429:
            return LocatorError(.rateLimited, message("the service is limiting the request rate"), serviceCode: code)
        case 500..<600:
            return LocatorError(
                .serviceUnavailable, message("the service at \(hostDescription) failed"), serviceCode: code)
        case 300..<400 where serviceError == nil:
            return LocatorError(
                .badRequest,
                message("the service at \(hostDescription) redirects elsewhere; use the URL it redirects to"),
                serviceCode: code)
        case 404 where serviceError == nil:
            return LocatorError(
                .badRequest, message("there is no GeocodeServer operation at this URL on \(hostDescription)"),
                serviceCode: code)
        default: return LocatorError(.badRequest, message("the service rejected the request"), serviceCode: code)
        }
    }

    private func describe(_ error: WireError, status: Int) -> LocatorError {
        switch error {
        case .service(let body): return describe(body, status: status)
        case .notJSON, .unexpectedShape:
            return LocatorError(
                .invalidResponse,
                "the answer from \(hostDescription) is not GeocodeServer JSON; is the URL a GeocodeServer?")
        }
    }

    private func describe(_ error: URLError) -> LocatorError {
        switch error.code {
        case .timedOut:
            return LocatorError(
                .timeout, "\(hostDescription) did not answer within \(AttributeValue.double(options.timeout)) s")
        case .cannotConnectToHost:
            return LocatorError(.offline, "cannot reach \(hostDescription): the connection was refused")
        case .cannotFindHost, .dnsLookupFailed:
            return LocatorError(.offline, "cannot reach \(hostDescription): the host name is unknown")
        case .notConnectedToInternet, .networkConnectionLost:
            return LocatorError(
                .offline, "cannot reach \(hostDescription): the network is down or the connection dropped")
        case .secureConnectionFailed, .serverCertificateUntrusted:
            return LocatorError(.offline, "cannot reach \(hostDescription): the TLS connection failed")
        default:
            return LocatorError(
                .serviceUnavailable, "the exchange with \(hostDescription) failed (\(error.code.rawValue))")
        }
    }

    /// The message without the API key (as is or percent-encoded), wherever a server echoed it.
    private func scrub(_ message: String) -> String {
        guard let apiKey else { return message }
        return message.replacingOccurrences(of: apiKey, with: "***")
            .replacingOccurrences(of: WireParameters.escape(apiKey), with: "***")
    }
}

/// Collects each transfer's answer, at most a limit of bytes (a larger one is cancelled and
/// is an error), and refuses every redirect: following one would send the API key (a header
/// or the `token`) to whatever host the redirect names; the 3xx answer becomes a
/// ``LocatorError``. `@unchecked Sendable`: `transfers` is guarded by `lock`.
private final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>
    private struct Transfer {
        var continuation: Continuation
        var limit: Int
        var data = Data()
        var tooLarge = false
    }
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    func expect(_ task: URLSessionDataTask, limit: Int, _ continuation: Continuation) {
        lock.withLock { transfers[task.taskIdentifier] = Transfer(continuation: continuation, limit: limit) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = lock.withLock { () -> Bool in
            guard let limit = transfers[dataTask.taskIdentifier]?.limit, response.expectedContentLength > limit
            else { return false }
            transfers[dataTask.taskIdentifier]?.tooLarge = true
            return true
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = lock.withLock { () -> Bool in
            let id = dataTask.taskIdentifier
            guard let limit = transfers[id]?.limit else { return false }
            transfers[id]!.data.append(data)  // in place: a copy per chunk would be quadratic
            guard transfers[id]!.data.count > limit else { return false }
            transfers[id]!.tooLarge = true
            transfers[id]!.data = Data()
            return true
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        if transfer.tooLarge {
            transfer.continuation.resume(
                throwing: LocatorError(
                    .invalidResponse,
                    "the service's answer is larger than \(transfer.limit >> 20) MB; it is not a GeocodeServer answer"))
        } else if let error {
            transfer.continuation.resume(throwing: (error as? URLError) ?? URLError(.unknown))
        } else if let response = task.response as? HTTPURLResponse {
            transfer.continuation.resume(returning: (transfer.data, response))
        } else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// A data task that may be cancelled before or after it starts. `@unchecked Sendable`:
/// guarded by `lock`.
private final class TransferHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.withLock {
            self.task = task
            if cancelled { task.cancel() }
        }
        task.resume()
    }

    func cancel() {
        lock.withLock {
            cancelled = true
            task?.cancel()
        }
    }
}
