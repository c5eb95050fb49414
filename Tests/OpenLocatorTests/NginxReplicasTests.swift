import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

#if canImport(Glibc)
    import Glibc
#endif

/// docs/deployment.md's "Several processes behind nginx", run for real: two `locator serve`
/// replicas on 127.0.0.1 over the default gazetteer behind Debian's nginx (`.ci/run` installs
/// it), with the docs' ```nginx block as the config and only its ports and listen changed.
@Suite struct NginxReplicasTests {
    static let nginx = "/usr/sbin/nginx"
    static let path = GeocodeServerRoutes.servicePath
    static let query = "\(path)/findAddressCandidates?singleLine=coffee&location=24.9384,60.1699&maxLocations=5&f=json"

    /// The ```nginx block of docs/deployment.md, as written there.
    static func documentedConfig() throws -> String {
        let docs = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/deployment.md"), encoding: .utf8)
        let start = try #require(docs.range(of: "```nginx\n"), "docs/deployment.md has no ```nginx block")
        let end = try #require(docs.range(of: "\n```", range: start.upperBound..<docs.endIndex))
        return String(docs[start.upperBound..<end.lowerBound])
    }

    /// A certificate and its key for TLS on 127.0.0.1.
    struct Certificate {
        var certificate: URL
        var key: URL
    }

    /// The docs' block with the only changes one machine needs: the replicas' ports for 8081
    /// and 8082, and a loopback port for `listen 443 ssl`: plain HTTP, or TLS with `tls`'s
    /// files on the certificate line (a comment in the docs). Each must occur exactly once,
    /// so an edit to the docs fails here, loudly.
    static func testedConfig(replicas: [UInt16], listen: UInt16, tls: Certificate? = nil) throws -> String {
        var text = try documentedConfig()
        var substitutions = [
            ("server 127.0.0.1:8081;", "server 127.0.0.1:\(replicas[0]);"),
            ("server 127.0.0.1:8082;", "server 127.0.0.1:\(replicas[1]);"),
            ("listen 443 ssl;", tls == nil ? "listen 127.0.0.1:\(listen);" : "listen 127.0.0.1:\(listen) ssl;"),
        ]
        if let tls {
            substitutions.append(
                (
                    "# ssl_certificate …; ssl_certificate_key …;",
                    "ssl_certificate \(tls.certificate.path); ssl_certificate_key \(tls.key.path);"
                ))
        }
        for (documented, tested) in substitutions {
            let count = text.components(separatedBy: documented).count - 1
            try #require(count == 1, "docs/deployment.md's nginx block has `\(documented)` \(count) times, not once")
            text = text.replacingOccurrences(of: documented, with: tested)
        }
        return text
    }

    /// A port nothing listens on now (the kernel's pick for a socket bound to port 0).
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        try #require(bound, "no free port on 127.0.0.1")
        return UInt16(bigEndian: address.sin_port)
    }

    /// nginx in the foreground as one process (no master, so one kill stops it all), with its
    /// pid, temporary files and logs in `folder`; returns once it accepts connections.
    static func startNginx(in folder: URL, replicas: [UInt16], tls: Certificate? = nil) throws -> (Process, UInt16) {
        try #require(
            FileManager.default.isExecutableFile(atPath: nginx), "\(nginx) is missing: apt install nginx (.ci/run does)"
        )
        var failures: [String] = []
        // A port free a moment ago may be taken before nginx binds it: try another, a few times.
        for _ in 0..<3 {
            let port = try freePort()
            let conf = """
                error_log stderr notice;
                events { worker_connections 256; }
                http {
                    access_log off;
                    client_body_temp_path client_body_temp;
                    proxy_temp_path proxy_temp;
                    fastcgi_temp_path fastcgi_temp;
                    uwsgi_temp_path uwsgi_temp;
                    scgi_temp_path scgi_temp;

                \(try testedConfig(replicas: replicas, listen: port, tls: tls))
                }
                """
            try conf.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            let log = folder.appendingPathComponent("nginx-\(port).stderr")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: nginx)
            // Run as root (CI), nginx would hand its worker to `nobody`, who cannot write here.
            let user = geteuid() == 0 ? " user root;" : ""
            process.arguments = [
                "-e", "stderr", "-p", folder.path + "/", "-c", "nginx.conf",
                "-g", "daemon off; master_process off; pid nginx.pid;\(user)",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: log)
            try process.run()
            for _ in 0..<200 where process.isRunning {
                if (try? RawHTTP(port: port)) != nil { return (process, port) }
                usleep(10_000)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            failures.append((try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
        let reason = failures.last?.split(separator: "\n").last.map(String.init) ?? "no output"
        throw NginxFailed(description: "nginx did not start: \(reason)")
    }

    struct NginxFailed: Error, CustomStringConvertible { var description: String }

    /// How many findAddressCandidates answers a replica's access log holds, once `total`
    /// (the sum over the logs) are written: the log writes in batches, a moment later.
    static func answered(_ logs: [URL], total: Int) -> [Int] {
        var counts: [Int] = []
        for _ in 0..<100 {
            counts = logs.map { log in
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "\n")
                    .filter { $0.contains(" GET \(path)/findAddressCandidates 200 ") }.count
            }
            if counts.reduce(0, +) >= total { break }
            usleep(20_000)
        }
        return counts
    }

    /// The candidates of a 200 findAddressCandidates answer.
    static func candidates(_ response: (status: Int, headers: String, body: String)) throws -> NSArray {
        try #require(response.status == 200, "\(response.status): \(response.body.prefix(200))")
        return try #require(LocatorServerTests.json(response.body)["candidates"] as? NSArray)
    }

    /// A form POST to an operation of the service, closing the connection after it.
    static func postRequest(_ operation: String, _ form: String) -> String {
        "POST \(path)/\(operation) HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\nConnection: close\r\n\r\n\(form)"
    }

    /// A form POST on a fresh connection to 127.0.0.1:`port`: the answer.
    static func post(_ port: UInt16, _ operation: String, _ form: String) throws -> (
        status: Int, headers: String, body: String
    ) {
        try #require(try RawHTTP.exchange(port: port, postRequest(operation, form)), "no answer from 127.0.0.1:\(port)")
    }

    /// Whether a process is stopped (state T in /proc/PID/stat) within a second.
    static func waitUntilStopped(_ process: Process) -> Bool {
        for _ in 0..<500 {
            let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            // "PID (name) STATE ...": the state follows the last ')'.
            if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "T" { return true }
            usleep(2_000)
        }
        return false
    }

    /// The established TCP connections on this machine (IPv4, from /proc/net/tcp): each end's
    /// port and the bytes received that nobody has read yet.
    static func establishedConnections() -> [(local: UInt16, remote: UInt16, unread: Int)] {
        // Read to the end: procfs files say size 0, and one read gets only the first page.
        let data = FileHandle(forReadingAtPath: "/proc/net/tcp")?.readDataToEndOfFile() ?? Data()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().compactMap { line in
            // "sl local_address rem_address st tx_queue:rx_queue ...", addresses as HEXIP:HEXPORT.
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[3] == "01",
                let local = fields[1].split(separator: ":").last.flatMap({ UInt16($0, radix: 16) }),
                let remote = fields[2].split(separator: ":").last.flatMap({ UInt16($0, radix: 16) }),
                let unread = fields[4].split(separator: ":").last.flatMap({ Int($0, radix: 16) })
            else { return nil }
            return (local, remote, unread)
        }
    }

    /// Bytes that reached a replica's port and wait unread (its process stopped).
    static func unreadBytes(at port: UInt16) -> Int {
        establishedConnections().filter { $0.local == port }.reduce(0) { $0 + $1.unread }
    }

    /// nginx's open connections to the replicas: its keepalive pool, between requests.
    static func pooled(to ports: [UInt16]) -> Int {
        establishedConnections().filter { ports.contains($0.remote) }.count
    }

    /// A geocodeAddresses form of `records` street addresses in Helsinki.
    static func batchBody(records: Int) -> String {
        let list = (1...records).map {
            #"{"attributes":{"OBJECTID":\#($0),"SingleLine":"Mannerheimintie \#($0 % 60 + 1), Helsinki"}}"#
        }
        return "addresses=\(WireParameters.escape(#"{"records":["# + list.joined(separator: ",") + "]}"))&f=json"
    }

    @Test func theDocumentedConfigSpreadsRequestsAndSurvivesAReplica() throws {
        let folder = try Fixtures.temporaryDirectory()
        let logs = ["replica-1.log", "replica-2.log"].map { folder.appendingPathComponent($0) }
        var replicas: [Process] = []
        var nginxProcess: Process?
        defer {
            for process in replicas + (nginxProcess.map { [$0] } ?? []) where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        var ports: [UInt16] = []
        for log in logs {
            let (process, port, _) = try ServeCommandTests.launch(["--access-log", log.path])
            replicas.append(process)
            ports.append(port)
        }
        let (nginx, front) = try Self.startNginx(in: folder, replicas: ports)
        nginxProcess = nginx

        // Through nginx, the same candidates as straight from either replica.
        let direct = try ports.map { try Self.candidates(LocatorServerTests.get($0, Self.query)) }
        #expect(direct[0].count > 0)
        #expect(direct[0] == direct[1])
        for _ in 0..<40 {
            #expect(try Self.candidates(LocatorServerTests.get(front, Self.query)) == direct[0])
        }
        // Each log also holds the one direct request; least_conn alternates idle replicas.
        let spread = Self.answered(logs, total: 42).map { $0 - 1 }
        #expect(spread.reduce(0, +) == 40)
        #expect(spread.allSatisfy { $0 >= 10 }, "requests per replica: \(spread)")

        // /health through nginx, and health checks leave the keepalive pool as it was (an
        // HTTP/1.0 proxy request would take a pooled connection and close it).
        let pool = Self.pooled(to: ports)
        #expect(pool > 0, "no kept-alive connections from nginx to the replicas")
        for _ in 0..<5 {
            let health = try LocatorServerTests.get(front, "/health")
            #expect(health.status == 200 && health.body == #"{"status":"ok"}"#)
        }
        #expect(Self.pooled(to: ports) == pool, "health checks closed kept-alive connections")

        // A replica dies holding a batch nginx sent it (a form POST, which nginx passes to the
        // next server only with non_idempotent): the other answers it, as it answers it itself.
        // Both replicas are stopped first, so the request waits unread in the socket of the
        // one nginx picked; that one is killed, the other continued.
        for replica in replicas {
            kill(replica.processIdentifier, SIGSTOP)
            try #require(Self.waitUntilStopped(replica), "replica \(replica.processIdentifier) did not stop")
        }
        let batch = Self.batchBody(records: 20)
        let client = try RawHTTP(port: front)
        client.send(Self.postRequest("geocodeAddresses", batch))
        var holder: Int?
        for _ in 0..<1000 where holder == nil {
            holder = ports.indices.first { Self.unreadBytes(at: ports[$0]) > 0 }
            if holder == nil { usleep(2_000) }
        }
        let dead = try #require(holder, "nginx sent the batch to neither replica within 2 s")
        let survivor = 1 - dead
        kill(replicas[dead].processIdentifier, SIGKILL)
        replicas[dead].waitUntilExit()
        kill(replicas[survivor].processIdentifier, SIGCONT)
        let retried = try #require(client.readResponse(seconds: 30), "no answer to the batch through nginx")
        try #require(
            retried.status == 200, "the batch whose replica died: \(retried.status) \(retried.body.prefix(200))")
        let locations = try #require(LocatorServerTests.json(retried.body)["locations"] as? NSArray)
        #expect(locations.count == 20)
        let straight = try Self.post(ports[survivor], "geocodeAddresses", batch)
        #expect(locations == (try LocatorServerTests.json(straight.body)["locations"] as? NSArray))

        // Afterwards every request is answered by the survivor (nginx marks the dead one failed
        // and skips it), GET and form POST alike, and /health too.
        let before = Self.answered([logs[survivor]], total: 1 + spread[survivor])[0]
        for _ in 0..<10 {
            #expect(try Self.candidates(LocatorServerTests.get(front, Self.query)) == direct[0])
        }
        let form = "singleLine=coffee&location=24.9384,60.1699&maxLocations=5&f=json"
        #expect(try Self.candidates(Self.post(front, "findAddressCandidates", form)) == direct[0])
        #expect(try LocatorServerTests.get(front, "/health").status == 200)
        #expect(Self.answered([logs[survivor]], total: before + 10)[0] == before + 10)
    }
}
