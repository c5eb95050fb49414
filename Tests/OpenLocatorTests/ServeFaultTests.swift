import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// `locator serve` under faults around it: a log reader that stalls or leaves, a rotated log
/// file, keys kept out of `ps`, requests without a Host, a gazetteer that fails underneath.
/// Every wait is bounded; a server that stops answering fails the test rather than hanging it.
@Suite struct ServeFaultTests {
    static let path = GeocodeServerRoutes.servicePath

    /// `count` keep-alive GETs of `target` on each of `connections` connections at once; how
    /// many were answered with 200 (each answer must come within 5 s).
    static func hammer(_ port: UInt16, _ target: String = "/health", connections: Int, count: Int) -> Int {
        let answered = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: connections) { _ in
            guard let client = try? RawHTTP(port: port) else { return }
            for _ in 0..<count {
                client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                guard let response = client.readResponse(seconds: 5), response.status == 200 else { return }
                answered.add(1)
            }
        }
        return answered.value
    }

    static func stop(_ process: Process) -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func aStalledLogReaderHoldsUpNoAnswer() throws {
        // Nobody reads the server's stderr after its first line: the pipe fills after ~1,700
        // lines, the writer blocks holding the batch it took, and the queue holds 10,000 more;
        // 20,000 requests are sure to overflow all three.
        let (process, port, err) = try ServeCommandTests.launch()
        #expect(Self.hammer(port, connections: 4, count: 5_000) == 20_000)
        // Now read: the log catches up, and says how many lines it had to drop.
        let reading = DispatchGroup()
        nonisolated(unsafe) var bytes = Data()
        DispatchQueue.global().async(group: reading) { bytes = err.fileHandleForReading.readDataToEndOfFile() }
        usleep(500_000)
        #expect(Self.stop(process) == 0)
        #expect(reading.wait(timeout: .now() + 10) == .success)
        let log = String(decoding: bytes, as: UTF8.self)
        #expect(log.contains("GET /health 200"))
        #expect(log.contains("lines dropped while its reader stalled"), "\(log.suffix(300))")
    }

    @Test func aLogReaderThatLeavesDoesNotKillTheServer() throws {
        // `locator serve 2>&1 | tee log` with tee gone: every log write now fails with EPIPE.
        let (process, port, err) = try ServeCommandTests.launch()
        try err.fileHandleForReading.close()
        #expect(Self.hammer(port, connections: 2, count: 200) == 400)
        #expect(process.isRunning)
        #expect(Self.stop(process) == 0)
    }

    @Test func theAccessLogFileIsReopenedOnSIGHUP() throws {
        let folder = try Fixtures.temporaryDirectory()
        let log = folder.appendingPathComponent("access.log")
        let (process, port, _) = try ServeCommandTests.launch(["--access-log", log.path])
        defer { _ = Self.stop(process) }
        #expect(Self.hammer(port, "/health?first", connections: 1, count: 3) == 3)
        // (The log thread writes on its own: wait for the three lines before rotating.)
        let written = Date().addingTimeInterval(5)
        while Date() < written,
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "GET /health 200").count < 4
        {
            usleep(20_000)
        }
        // logrotate: move the file away, then SIGHUP; new lines go to a new file at the path.
        let rotated = folder.appendingPathComponent("access.log.1")
        try FileManager.default.moveItem(at: log, to: rotated)
        kill(process.processIdentifier, SIGHUP)
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: log.path), Date() < deadline {
            _ = Self.hammer(port, "/", connections: 1, count: 1)
            usleep(50_000)
        }
        #expect(Self.hammer(port, "/health", connections: 1, count: 2) == 2)
        usleep(200_000)  // the log thread writes on its own
        let old = try String(contentsOf: rotated, encoding: .utf8)
        let new = try String(contentsOf: log, encoding: .utf8)
        #expect(old.components(separatedBy: "GET /health 200").count - 1 >= 3)
        #expect(new.contains("GET /health 200"))
        #expect(process.isRunning)
    }

    @Test func anUnwritableAccessLogIsAOneLineErrorNamingIt() throws {
        let run = try CLI.run(["serve", "--port", "0", "--access-log", "/nonexistent-folder/access.log"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: cannot open the access log /nonexistent-folder/access.log: No such file or directory"),
            "\(run.stderr)")
    }

    @Test func theKeyMayComeFromAFileOrTheEnvironment() throws {
        let folder = try Fixtures.temporaryDirectory()
        let keyFile = folder.appendingPathComponent("key")
        try "file-secret\n".write(to: keyFile, atomically: true, encoding: .utf8)
        let target = "\(Self.path)/suggest?text=sto&f=json"
        func code(_ port: UInt16, token: String?) throws -> Int? {
            let query = token.map { "&token=\($0)" } ?? ""
            let answer = try #require(
                try RawHTTP.exchange(
                    port: port, "GET \(target)\(query) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
            let json = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            return (json?["error"] as? [String: Any])?["code"] as? Int
        }
        let (fromFile, filePort, _) = try ServeCommandTests.launch(["--api-key-file", keyFile.path])
        #expect(try code(filePort, token: nil) == 499)
        #expect(try code(filePort, token: "file-secret") == nil)
        #expect(Self.stop(fromFile) == 0)
        #expect(!fromFile.arguments!.contains("file-secret"), "the key is not on the command line")

        let (fromEnvironment, environmentPort, _) = try ServeCommandTests.launch(
            environment: ["LOCATOR_API_KEY": "env-secret"])
        #expect(try code(environmentPort, token: "wrong") == 498)
        #expect(try code(environmentPort, token: "env-secret") == nil)
        #expect(Self.stop(fromEnvironment) == 0)

        let missing = try CLI.run(["serve", "--port", "0", "--api-key-file", folder.path + "/none"])
        #expect(missing.status == 64)
        #expect(
            missing.stderr.hasPrefix("Error: cannot read --api-key-file \(folder.path)/none: "), "\(missing.stderr)")
        try "\n".write(to: keyFile, atomically: true, encoding: .utf8)
        let empty = try CLI.run(["serve", "--port", "0", "--api-key-file", keyFile.path])
        #expect(empty.stderr.hasPrefix("Error: --api-key-file \(keyFile.path) holds no key"), "\(empty.stderr)")
    }

    @Test func anHTTP11RequestWithoutHostIsRefused() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let without = try #require(try RawHTTP.exchange(port: mirror.port, "GET /health HTTP/1.1\r\n\r\n"))
        #expect(without.status == 400)
        #expect(without.body.contains("Host"))
        let old = try #require(try RawHTTP.exchange(port: mirror.port, "GET /health HTTP/1.0\r\n\r\n"))
        #expect(old.status == 200, "HTTP/1.0 has no Host requirement")
    }

    @Test func aFailingGazetteerIsHTTP500WithoutSQLiteTextOrPath() throws {
        let copy = try Fixtures.temporaryDirectory().appendingPathComponent("broken.gazetteer")
        try FileManager.default.copyItem(at: try Fixtures.defaultGazetteerURL(), to: copy)
        do {
            let db = try SQLiteConnection(path: copy.path, writable: true)
            try db.execute("DROP TABLE suggest_prefixes; DROP TABLE chains")
        }
        let routes = GeocodeServerRoutes(task: LocatorTask(gazetteer: copy))
        let server = HTTPServer(limits: .init()) { routes.respond($0) }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.shutdown() }
        let answer = try #require(
            try RawHTTP.exchange(
                port: port, "GET \(Self.path)/suggest?text=sto&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        )
        #expect(answer.status == 500)
        #expect(answer.body.contains(#""code":500"#))
        for leak in ["no such table", "suggest_prefixes", "SQL", copy.path, "broken"] {
            #expect(!answer.body.contains(leak), "\(leak) in \(answer.body)")
        }
        let health = try #require(try RawHTTP.exchange(port: port, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(health.status == 200)
    }
}

/// A count shared by threads.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ n: Int) { lock.withLock { count += n } }
    var value: Int { lock.withLock { count } }
}
