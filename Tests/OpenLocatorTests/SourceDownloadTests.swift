import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

#if canImport(Glibc)
    import Glibc
#endif

/// `locator build --osm https://…`: the extract is streamed into the cache, resumed with a
/// `Range` request where an earlier run stopped, checked against the `.md5` beside it, from a
/// server on 127.0.0.1 that serves the real extract.
@Suite struct SourceDownloadTests {
    /// The extract's MD5 as `md5sum` computes it (not our code).
    static func md5sum(_ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/md5sum")
        process.arguments = [file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(32))
    }

    /// A file server on 127.0.0.1: `/data/Helsinki.osm.pbf` (with `Range` support) and its
    /// `.md5` as given; every request's Range header recorded.
    final class FileServer: @unchecked Sendable {
        let server: HTTPServer
        let port: UInt16
        private let lock = NSLock()
        private var seen: [String] = []
        var ranges: [String] { lock.withLock { seen } }
        var url: URL { URL(string: "http://127.0.0.1:\(port)/data/Helsinki.osm.pbf")! }

        init(bytes: Data, md5: String?) throws {
            let box = Box()  // the handler is made before `self` exists
            server = HTTPServer(limits: .init()) { request in
                box.server?.note(request.headers["range"] ?? "")
                switch request.path {
                case "/data/Helsinki.osm.pbf":
                    if let range = request.headers["range"], range.hasPrefix("bytes="),
                        let start = Int(range.dropFirst(6).prefix { $0 != "-" })
                    {
                        guard start < bytes.count else { return HTTPResponse(status: 416) }
                        return HTTPResponse(
                            status: 206,
                            headers: [("Content-Range", "bytes \(start)-\(bytes.count - 1)/\(bytes.count)")],
                            body: bytes.subdata(in: start..<bytes.count))
                    }
                    return HTTPResponse(status: 200, body: bytes)
                case "/data/Helsinki.osm.pbf.md5":
                    guard let md5 else { return HTTPResponse(status: 404) }
                    return HTTPResponse(status: 200, body: Data("\(md5)  Helsinki.osm.pbf\n".utf8))
                default:
                    return HTTPResponse(status: 404)
                }
            }
            port = try server.start(host: "127.0.0.1", port: 0)
            box.server = self
        }

        func note(_ range: String) { lock.withLock { seen.append(range) } }

        final class Box: @unchecked Sendable { weak var server: FileServer? }
    }

    static let extract = Fixtures.helsinkiPBF

    @Test func theMD5OfKnownTextsAndOfTheExtractAgreesWithMd5sum() throws {
        for (text, digest) in [
            ("", "d41d8cd98f00b204e9800998ecf8427e"), ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (String(repeating: "a", count: 55), "ef1772b6dff9a122358552954ad0df65"),
            (String(repeating: "a", count: 64), "014842d480b571495a4a0363793f7367"),
        ] {
            var md5 = MD5()
            md5.update(Data(text.utf8))
            #expect(md5.hexDigest == digest, "\(text.count) characters")
        }
        #expect(try MD5.hexDigest(ofFile: Self.extract) == (try Self.md5sum(Self.extract)))
    }

    @Test func theCLIBuildsFromAURLAndChecksTheMD5() throws {
        let bytes = try Data(contentsOf: Self.extract)
        let server = try FileServer(bytes: bytes, md5: try Self.md5sum(Self.extract))
        defer { server.server.shutdown() }
        let folder = try Fixtures.temporaryDirectory()
        let out = folder.appendingPathComponent("downloaded.gazetteer")
        let run = try CLI.run(
            ["build", "--osm", server.url.absoluteString, "--out", out.path],
            environment: ["XDG_CACHE_HOME": folder.path])
        #expect(run.status == 0, "\(run.stderr.suffix(400))")
        #expect(run.stderr.contains("MD5 checked"), "\(run.stderr.suffix(400))")
        let kept = try FileManager.default.contentsOfDirectory(
            at: folder.appendingPathComponent("openlocator/downloads"), includingPropertiesForKeys: nil)
        #expect(kept.count == 1 && kept[0].lastPathComponent.hasSuffix("-Helsinki.osm.pbf"))
        #expect(try Data(contentsOf: kept[0]) == bytes)
        let found = try CLI.run(["find", "Stockmann", "--gazetteer", out.path, "--format", "json"])
        #expect(found.status == 0 && found.stdout.contains("Stockmann"), "\(found.stderr)")
        // A second build uses the copy it has.
        let again = try CLI.run(
            ["build", "--osm", server.url.absoluteString, "--out", out.path],
            environment: ["XDG_CACHE_HOME": folder.path])
        #expect(again.status == 0 && again.stderr.contains("downloaded before"), "\(again.stderr.suffix(300))")
    }

    @Test func aStoppedDownloadIsResumedWhereItStopped() async throws {
        let bytes = try Data(contentsOf: Self.extract)
        let server = try FileServer(bytes: bytes, md5: try Self.md5sum(Self.extract))
        defer { server.server.shutdown() }
        let folder = try Fixtures.temporaryDirectory()
        let partial = SourceDownload.file(for: server.url, in: folder).appendingPathExtension("partial")
        try bytes.prefix(300_000).write(to: partial)  // what a killed run left
        let local = try await SourceDownload.localCopy(of: server.url, into: folder)
        #expect(server.ranges.contains("bytes=300000-"), "\(server.ranges)")
        #expect(try Data(contentsOf: local) == bytes)
        #expect(!FileManager.default.fileExists(atPath: partial.path))
    }

    /// A connection that closes halfway through the body (as a dropped network would) is
    /// resumed in the same run, from where it stopped.
    @Test func aConnectionCutHalfwayIsResumedInTheSameRun() async throws {
        let bytes = try Data(contentsOf: Self.extract)
        let server = try CuttingServer(bytes: bytes, cutAfter: 250_000)
        defer { server.stop() }
        let lines = LineLog()
        let local = try await SourceDownload.localCopy(
            of: server.url, into: try Fixtures.temporaryDirectory(), progress: { lines.add($0) })
        #expect(try Data(contentsOf: local) == bytes)
        #expect(server.ranges.first == "" && server.ranges.contains("bytes=250000-"), "\(server.ranges)")
        #expect(lines.all.contains { $0.contains("stopped") }, "\(lines.all)")
    }

    @Test func aDownloadThatDoesNotMatchItsMD5IsRemovedAndRefused() async throws {
        let server = try FileServer(bytes: try Data(contentsOf: Self.extract), md5: String(repeating: "0", count: 32))
        defer { server.server.shutdown() }
        let folder = try Fixtures.temporaryDirectory()
        await #expect {
            _ = try await SourceDownload.localCopy(of: server.url, into: folder)
        } throws: { error in
            (error as? LocatorError)?.message.contains("does not match its .md5") == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func withoutAnMD5TheDownloadIsKeptAndSaysSo() async throws {
        let bytes = try Data(contentsOf: Self.extract)
        let server = try FileServer(bytes: bytes, md5: nil)
        defer { server.server.shutdown() }
        let lines = LineLog()
        let local = try await SourceDownload.localCopy(
            of: server.url, into: try Fixtures.temporaryDirectory(), progress: { lines.add($0) })
        #expect(try Data(contentsOf: local) == bytes)
        #expect(lines.all.contains { $0.contains("no .md5 beside Helsinki.osm.pbf") }, "\(lines.all)")
    }

    @Test func aMissingFileIsAOneLineErrorNamingTheStatus() async throws {
        let server = try FileServer(bytes: Data(), md5: nil)
        defer { server.server.shutdown() }
        let missing = URL(string: "http://127.0.0.1:\(server.port)/data/nowhere.osm.pbf")!
        let folder = try Fixtures.temporaryDirectory()
        await #expect {
            _ = try await SourceDownload.localCopy(of: missing, into: folder)
        } throws: { error in
            let message = (error as? LocatorError)?.message ?? ""
            return message.contains("nowhere.osm.pbf could not be downloaded: the server answered HTTP 404")
                && !message.contains("\n")
        }
        let cli = try CLI.run([
            "build", "--osm", missing.absoluteString, "--out", folder.appendingPathComponent("x").path,
        ])
        #expect(cli.status == 1 && cli.stderr.contains("HTTP 404"), "\(cli.stderr)")
    }
}

/// A file server on 127.0.0.1 written on raw sockets, so that it can do what a network does
/// and `HTTPServer` never would: its first answer promises the whole file and closes after
/// `cutAfter` bytes; later ones honour `Range`. It answers at most 8 connections.
final class CuttingServer: @unchecked Sendable {
    private let listener: Int32
    let port: UInt16
    private let lock = NSLock()
    private var seen: [String] = []
    var ranges: [String] { lock.withLock { seen } }
    var url: URL { URL(string: "http://127.0.0.1:\(port)/data/Helsinki.osm.pbf")! }

    init(bytes: Data, cutAfter: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in
            for index in 0..<8 {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                serve(client, first: index == 0, bytes: bytes, cutAfter: cutAfter)
                close(client)
            }
        }.start()
    }

    private func serve(_ client: Int32, first: Bool, bytes: Data, cutAfter: Int) {
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.contains(Data("\r\n\r\n".utf8)) {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            head.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: head, as: UTF8.self)
        let path = text.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        let range =
            text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("range:") }
            .map { $0.dropFirst(6).trimmingCharacters(in: .whitespaces) } ?? ""
        func send(_ data: Data) {
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let sent = Glibc.send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    guard sent > 0 else { return }
                    offset += sent
                }
            }
        }
        guard path == "/data/Helsinki.osm.pbf" else {
            return send(Data("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        }
        lock.withLock { seen.append(range) }
        if first {
            send(Data("HTTP/1.1 200 OK\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n".utf8))
            send(bytes.prefix(cutAfter))
            return  // and close: the connection drops halfway
        }
        let start = range.hasPrefix("bytes=") ? Int(range.dropFirst(6).prefix { $0 != "-" }) ?? 0 : 0
        let rest = bytes.suffix(from: start)
        send(
            Data(
                "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes \(start)-\(bytes.count - 1)/\(bytes.count)\r\nContent-Length: \(rest.count)\r\nConnection: close\r\n\r\n"
                    .utf8))
        send(rest)
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

/// Lines a callback wrote, from any thread.
final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
