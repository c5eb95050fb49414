import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP GET of a download, appended to its partial file as bytes arrive (from `offset`,
/// with a `Range` request, when a partial copy exists), in bounded memory.
/// `@unchecked Sendable`: its state is touched only on the session's serial delegate queue.
final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The server answered, but not with the file: nothing to retry.
    struct Refused: Error { var reason: String }

    private let url: URL
    private let partial: URL
    private let name: String
    private let progress: @Sendable (String) -> Void
    private var offset: Int
    private var handle: FileHandle?
    private var received = 0
    private var expected: Int?
    private var failure: Error?
    private var lastReport = Date.distantPast
    private var continuation: CheckedContinuation<Void, Error>?

    init(url: URL, into partial: URL, from offset: Int, name: String, progress: @escaping @Sendable (String) -> Void) {
        self.url = url
        self.partial = partial
        self.offset = offset
        self.name = name
        self.progress = progress
    }

    func run() async throws {
        var request = URLRequest(url: url)
        request.timeoutInterval = 60  // between bytes, not for the whole file
        if offset > 0 { request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range") }
        let ready = request
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            queue.addOperation {
                self.continuation = continuation
                session.dataTask(with: ready).resume()
            }
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        do {
            switch status {
            case 206 where offset > 0:
                handle = try FileHandle(forWritingTo: partial)
                try handle?.truncate(atOffset: UInt64(offset))
            case 200:
                offset = 0  // the server sends it all again
                _ = FileManager.default.createFile(atPath: partial.path, contents: nil)
                handle = try FileHandle(forWritingTo: partial)
                try handle?.truncate(atOffset: 0)
            case 416 where offset > 0:
                // Nothing past what we have: the partial copy is the whole file.
                return completionHandler(.cancel)
            default:
                failure = Refused(reason: "the server answered HTTP \(status)")
                return completionHandler(.cancel)
            }
        } catch {
            failure = LocatorError(.buildFailed, "cannot write the download of \(name)")
            return completionHandler(.cancel)
        }
        expected = response.expectedContentLength >= 0 ? offset + Int(response.expectedContentLength) : nil
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard failure == nil, let handle else { return }
        do {
            try handle.write(contentsOf: data)
        } catch {
            failure = LocatorError(.buildFailed, "cannot write the download of \(name) (is the disk full?)")
            dataTask.cancel()
            return
        }
        received += data.count
        if Date().timeIntervalSince(lastReport) >= 1 {
            lastReport = Date()
            let have = offset + received
            if let expected, expected > 0 {
                progress(
                    "downloading \(name): \(SourceDownload.megabytes(have)) of \(SourceDownload.megabytes(expected)) MB (\(have * 100 / expected) %)"
                )
            } else {
                progress("downloading \(name): \(SourceDownload.megabytes(have)) MB")
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        try? handle?.close()
        handle = nil
        let have = offset + received
        if failure == nil, let error, (error as? URLError)?.code != .cancelled {
            failure = LocatorError(.buildFailed, "after \(SourceDownload.megabytes(have)) MB: \(error.localizedDescription)")
        } else if failure == nil, let expected, have < expected {
            failure = LocatorError(
                .buildFailed,
                "the connection closed after \(SourceDownload.megabytes(have)) of \(SourceDownload.megabytes(expected)) MB")
        }
        if let failure {
            continuation?.resume(throwing: failure)
        } else {
            continuation?.resume()
        }
        continuation = nil
    }
}
