import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A build source given as an `https://` (or `http://`) URL, such as a Geofabrik extract:
/// streamed to `<cache>/downloads/` with progress, resumed from where an interrupted run
/// stopped (an HTTP `Range` request), checked against the `.md5` file beside it on the server
/// when there is one, and kept for later builds.
///
/// ```swift
/// let pbf = try await SourceDownload.localCopy(
///     of: URL(string: "https://download.geofabrik.de/europe/monaco-latest.osm.pbf")!) { print($0) }
/// ```
public enum SourceDownload {
    /// Whether a build argument names a download rather than a file.
    public static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    /// Where downloads are kept: `downloads/` in the default gazetteer's cache folder.
    public static var directory: URL {
        DefaultGazetteer.cacheDirectory.appendingPathComponent("downloads", isDirectory: true)
    }

    /// How many times one run resumes a download that stopped.
    static let attempts = 3

    /// The local copy of `url`: the one downloaded before, or a new one.
    /// - Parameters:
    ///   - progress: called with a line now and then ("downloading monaco-latest.osm.pbf: 12.0 of 45.3 MB (26 %)").
    /// - Throws: ``LocatorError`` `buildFailed` when the server refuses, the download stops
    ///   `attempts` times (what was read stays, for the next run to resume), or the checksum differs.
    public static func localCopy(
        of url: URL, into folder: URL = directory, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> URL {
        guard isURL(url.absoluteString), url.host != nil else {
            throw LocatorError(.invalidInput, "'\(url.absoluteString.prefix(80))' is not an http:// or https:// URL")
        }
        let name = fileName(of: url)
        let shown = "\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")/…/\(name)"
        let final = file(for: url, in: folder)
        if FileManager.default.fileExists(atPath: final.path) {
            progress("using \(name) downloaded before (\(final.path); delete it to download again)")
            return final
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw LocatorError(.buildFailed, "cannot create the downloads folder \(folder.path)")
        }
        let partial = final.appendingPathExtension("partial")
        var lastError: String?
        for attempt in 1...attempts {
            let have = (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? Int) ?? 0
            if have > 0 { progress("resuming \(name) after \(megabytes(have)) MB") }
            do {
                try await Transfer(url: url, into: partial, from: have, name: name, progress: progress).run()
                lastError = nil
                break
            } catch let error as Transfer.Refused {
                throw LocatorError(.buildFailed, "\(shown) could not be downloaded: \(error.reason)")
            } catch {
                let reason = (error as? LocatorError)?.message ?? "\(error)"
                lastError = reason
                if attempt < attempts { progress("download of \(name) stopped (\(reason)); resuming") }
            }
        }
        if let lastError {
            throw LocatorError(
                .buildFailed,
                "the download of \(shown) stopped \(attempts) times (\(lastError)); run the build again to resume it")
        }
        try await verify(partial, against: url.appendingPathExtension("md5"), name: name, progress: progress)
        do {
            try FileManager.default.moveItem(at: partial, to: final)
        } catch {
            throw LocatorError(.buildFailed, "cannot keep the download of \(name) in \(folder.path)")
        }
        return final
    }

    /// Checks a finished download against `<url>.md5` ("hash  name", as md5sum writes it);
    /// a server without one is not an error. A mismatch removes the download.
    static func verify(_ file: URL, against checksumURL: URL, name: String, progress: (String) -> Void)
        async throws
    {
        var request = URLRequest(url: checksumURL)
        request.timeoutInterval = 30
        guard let (data, response) = try? await URLSession.shared.data(for: request),
            (response as? HTTPURLResponse)?.statusCode == 200,
            let expected = String(decoding: data.prefix(4096), as: UTF8.self).split(whereSeparator: \.isWhitespace)
                .first.map({ $0.lowercased() }), expected.count == 32, expected.allSatisfy(\.isHexDigit)
        else {
            progress("no .md5 beside \(name) on the server: not checked")
            return
        }
        let actual = try MD5.hexDigest(ofFile: file)
        guard actual == expected else {
            try? FileManager.default.removeItem(at: file)
            throw LocatorError(
                .buildFailed,
                "the download of \(name) does not match its .md5 (\(actual), expected \(expected)); it was removed, run the build again"
            )
        }
        progress("\(name): MD5 checked (\(actual))")
    }

    /// The file a URL's download is kept in: its name after a hash of the whole URL, so two
    /// `latest.osm.pbf` from different places do not meet. The partial copy adds `.partial`.
    static func file(for url: URL, in folder: URL) -> URL {
        let key = String(format: "%08x", UInt32(truncatingIfNeeded: stableHash(url.absoluteString)))
        return folder.appendingPathComponent("\(key)-\(fileName(of: url))")
    }

    /// The URL's file name, for the kept copy and for messages.
    private static func fileName(of url: URL) -> String {
        url.lastPathComponent.isEmpty ? "download" : url.lastPathComponent
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

    /// FNV-1a over the URL's bytes: the same name for the same URL in every run.
    private static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
