import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// The real `locator serve` binary: it listens, answers, logs without tokens, and stops
/// cleanly on SIGTERM.
@Suite struct ServeCommandTests {
    /// Starts `locator serve` on a free port and returns the process, its port and its stderr.
    static func launch(_ extra: [String] = [], gazetteer: URL? = nil, environment: [String: String] = [:]) throws
        -> (Process, UInt16, Pipe)
    {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.executableURL = CLI.executable
        let served = try gazetteer ?? Fixtures.defaultGazetteerURL()
        process.arguments = ["serve", "--port", "0", "--gazetteer", served.path] + extra
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The first stderr line names the port: "serving http://127.0.0.1:PORT/…".
        var line = Data()
        while !line.contains(10) {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        return (process, try #require(servedPort(text), "\(text)"), err)
    }

    /// The port of "serving http://HOST:PORT/…", HOST an IPv4 address, a name or "[IPv6]".
    static func servedPort(_ line: String) -> UInt16? {
        guard let start = line.range(of: "http://")?.upperBound else { return nil }
        var rest = line[start...]
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { rest = rest[close...] }
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        return UInt16(rest[rest.index(after: colon)...].prefix { $0.isNumber })
    }

    /// One request to `[::1]:port` over IPv6, the whole answer back (`nil` if it cannot connect).
    static func exchangeOverIPv6(port: UInt16, _ request: String) -> String? {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard connected == 0 else { return nil }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = request.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// Whether this machine has an IPv6 loopback to listen on.
    static var hasIPv6Loopback: Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }

    @Test func listensOnAHostNameAndOnIPv6() throws {
        let path = GeocodeServerRoutes.servicePath
        let request =
            "GET \(path)/findAddressCandidates?singleLine=Stockmann&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        // `localhost` is a name: resolved, and listened on at its IPv4 address.
        let (named, port, _) = try Self.launch(["--host", "localhost"])
        defer {
            named.terminate()
            named.waitUntilExit()
        }
        let answer = try #require(try RawHTTP.exchange(port: port, request))
        #expect(answer.status == 200)
        #expect(answer.body.contains(#""address":"Stockmann""#))
        guard Self.hasIPv6Loopback else { return }  // (a machine without IPv6 cannot be asked)
        for host in ["::1", "[::1]"] {
            let (process, port, err) = try Self.launch(["--host", host])
            defer {
                process.terminate()
                process.waitUntilExit()
            }
            let text = try #require(Self.exchangeOverIPv6(port: port, request), "\(host)")
            #expect(text.hasPrefix("HTTP/1.1 200"), "\(host): \(text.prefix(200))")
            #expect(text.contains(#""address":"Stockmann""#))
            _ = err
        }
    }

    @Test func servesAnswersLogsWithoutTokensAndStopsOnSIGTERM() throws {
        let (process, port, err) = try Self.launch(["--api-key", "serve-secret", "--workers", "3"])
        let path = GeocodeServerRoutes.servicePath
        let answer = try #require(
            try RawHTTP.exchange(
                port: port,
                "GET \(path)/findAddressCandidates?singleLine=Stockmann&token=serve-secret&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            ))
        #expect(answer.status == 200)
        #expect(answer.body.contains(#""address":"Stockmann""#))
        let denied = try #require(
            try RawHTTP.exchange(
                port: port, "GET \(path)/suggest?text=sto&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(denied.body.contains(#""code":499"#))
        process.terminate()  // SIGTERM
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("GET \(path)/findAddressCandidates 200"))
        #expect(!log.contains("serve-secret"), "no token in the access log")
        #expect(throws: (any Error).self) { _ = try RawHTTP(port: port) }
    }

    @Test func aBusyPortOrBadOptionsAreOneLineErrors() throws {
        let (first, port, _) = try Self.launch()
        defer {
            first.terminate()
            first.waitUntilExit()
        }
        let second = try CLI.run([
            "serve", "--port", String(port), "--gazetteer", try Fixtures.defaultGazetteerURL().path,
        ])
        #expect(second.status != 0)
        #expect(second.stderr.contains("in use"))
        #expect(try CLI.run(["serve", "--port", "70000"]).status == 64)
        #expect(try CLI.run(["serve", "--workers", "0"]).status == 64)
        let unknownHost = try CLI.run(["serve", "--host", "localhost.example", "--port", "0"])
        #expect(unknownHost.status == 1)
        #expect(unknownHost.stderr.contains("'localhost.example' is not an address or a host name"))
        // An empty key (an unset shell variable, say) must not quietly serve without a token.
        let emptyKey = try CLI.run(["serve", "--api-key", "", "--port", "0"])
        #expect(emptyKey.status == 64)
        #expect(emptyKey.stderr.hasPrefix("Error: --api-key is empty"))
    }

    /// The requests esri-leaflet-geocoder 3.x sends, as its source builds them.
    @Test func esriLeafletsRequestsWork() throws {
        let (process, port, _) = try Self.launch()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let path = GeocodeServerRoutes.servicePath
        func get(_ target: String) throws -> [String: Any] {
            let response = try #require(
                try RawHTTP.exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
            #expect(response.status == 200)
            #expect(response.headers.contains("Access-Control-Allow-Origin: *"))
            return try #require(try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any])
        }
        let root = try get("\(path)/?f=json")
        #expect((root["capabilities"] as? String)?.contains("Suggest") == true)
        let extent = WireParameters.escape(
            #"{"xmin":24.90,"ymin":60.15,"xmax":24.98,"ymax":60.19,"spatialReference":{"wkid":4326}}"#)
        let suggest = try get(
            "\(path)/suggest?text=stockm&location=24.9384,60.1699&distance=50000&searchExtent=\(extent)&maxSuggestions=5&f=json"
        )
        let first = try #require(
            (suggest["suggestions"] as? [[String: Any]])?.first { $0["isCollection"] as? Bool == false })
        let text = WireParameters.escape(try #require(first["text"] as? String))
        let key = WireParameters.escape(try #require(first["magicKey"] as? String))
        let found = try get(
            "\(path)/findAddressCandidates?outSr=4326&forStorage=false&outFields=*&maxLocations=1&singleLine=\(text)&magicKey=\(key)&f=json"
        )
        let candidate = try #require((found["candidates"] as? [[String: Any]])?.first)
        #expect((candidate["attributes"] as? [String: Any])?["PlaceName"] as? String == "Stockmann")
        let search = try get(
            "\(path)/findAddressCandidates?outSr=4326&forStorage=false&outFields=*&maxLocations=20&singleLine=coffee&searchExtent=\(extent)&location=24.9384,60.1699&distance=2000&f=json"
        )
        #expect((search["candidates"] as? [Any])?.isEmpty == false)
        let reverse = try get(
            "\(path)/reverseGeocode?outSR=4326&returnIntersection=false&location=24.9410,60.1690&distance=100&f=json")
        #expect(reverse["address"] != nil && reverse["location"] != nil)
    }
}
