import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// Clients that trickle, idle, never read, or crowd one address cannot take the server from
/// anyone else: a probe from another address keeps being answered. Each test uses a small
/// worker pool and small caps, so a handful of sockets is a real attack on it; every wait is
/// bounded.
@Suite struct SlowClientTests {
    static let candidates = GeocodeServerRoutes.servicePath + "/findAddressCandidates"

    /// Seconds `probes` GETs of /health took each, one connection per probe; nil for one that
    /// was not answered within 3 s.
    static func probe(_ port: UInt16, _ probes: Int = 10) -> [Double?] {
        (0..<probes).map { _ in
            let started = Date()
            guard let client = try? RawHTTP(port: port) else { return nil }
            client.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            guard client.readResponse(seconds: 3)?.status == 200 else { return nil }
            return Date().timeIntervalSince(started)
        }
    }

    static func limits(workers: Int) -> HTTPServer.Limits {
        var limits = HTTPServer.Limits()
        limits.workers = workers
        return limits
    }

    @Test func tricklingClientsHoldNoWorker() throws {
        let mirror = try GazetteerMirror.start(limits: Self.limits(workers: 2))
        defer { mirror.stop() }
        // Sixteen clients (eight times the workers) send a request a byte at a time.
        let tricklers = try (0..<16).map { _ in try RawHTTP(port: mirror.port, from: "127.0.0.2") }
        let request = Array("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: \(String(repeating: "s", count: 40))\r\n".utf8)
        let stop = LockedFlag()
        let trickling = Thread {
            var index = 0
            while !stop.isSet, index < request.count {
                for client in tricklers { client.send(Data([request[index]])) }
                index += 1
                usleep(100_000)
            }
        }
        trickling.start()
        defer { stop.set() }
        usleep(300_000)
        let times = Self.probe(mirror.port)
        #expect(times.allSatisfy { ($0 ?? 99) < 1 }, "\(times)")
    }

    @Test func clientsThatNeverReadTheirAnswersHoldNoWorker() throws {
        let mirror = try GazetteerMirror.start(limits: Self.limits(workers: 2))
        defer { mirror.stop() }
        // Four clients pipeline 400 requests for a long answer each and never read one.
        let big =
            "GET \(Self.candidates)?singleLine=Helsinki&maxLocations=50&outFields=*&f=pjson HTTP/1.1\r\nHost: x\r\n\r\n"
        let readers = try (0..<4).map { _ in try RawHTTP(port: mirror.port, from: "127.0.0.3") }
        for client in readers { client.send(String(repeating: big, count: 400)) }
        usleep(500_000)
        let times = Self.probe(mirror.port)
        #expect(times.allSatisfy { ($0 ?? 99) < 1 }, "\(times)")
        withExtendedLifetime(readers) {}
    }

    @Test func idleSocketsAtTheCapMakeRoomForNewClients() throws {
        var limits = Self.limits(workers: 2)
        limits.maxConnections = 60
        let mirror = try GazetteerMirror.start(limits: limits)
        defer { mirror.stop() }
        // Sixty connections (from three addresses) that say nothing fill the cap.
        let idle = try (0..<60).map { try RawHTTP(port: mirror.port, from: "127.0.1.\($0 % 3 + 1)") }
        usleep(200_000)
        let times = Self.probe(mirror.port, 5)
        #expect(times.allSatisfy { ($0 ?? 99) < 1 }, "\(times)")
        // Newcomers were let in by closing connections idle longest: one per probe at most
        // (a probe closes after its answer, so a later one may find a free place).
        #expect((1...5).contains(idle.filter { $0.isClosedByPeer(seconds: 0.01) }.count))
    }

    /// Connections that never finish their request (a byte now and then, inside every
    /// deadline) would hold the cap until their deadlines: the slowest over a second makes room.
    @Test func tricklersAtTheCapMakeRoomForNewClients() throws {
        var limits = Self.limits(workers: 2)
        limits.maxConnections = 40
        let mirror = try GazetteerMirror.start(limits: limits)
        defer { mirror.stop() }
        let tricklers = try (0..<40).map { try RawHTTP(port: mirror.port, from: "127.0.2.\($0 % 4 + 1)") }
        for client in tricklers { client.send("GET /health HTTP/1.1\r\nHost: x\r\n") }
        usleep(1_300_000)
        for client in tricklers { client.send("X") }
        let times = Self.probe(mirror.port, 5)
        #expect(times.allSatisfy { ($0 ?? 99) < 1 }, "\(times)")
        #expect((1...5).contains(tricklers.filter { $0.isClosedByPeer(seconds: 0.01) }.count))
    }

    @Test func onePeerCannotTakeEveryConnection() throws {
        var limits = Self.limits(workers: 2)
        limits.maxConnectionsPerPeer = 8
        let mirror = try GazetteerMirror.start(limits: limits)
        defer { mirror.stop() }
        let crowd = try (0..<8).map { _ in try RawHTTP(port: mirror.port, from: "127.0.0.4") }
        usleep(100_000)
        let ninth = try RawHTTP(port: mirror.port, from: "127.0.0.4")
        #expect(ninth.isClosedByPeer(), "over its cap, the peer's new connection is closed")
        #expect(Self.probe(mirror.port, 3).allSatisfy { $0 != nil }, "other peers are still answered")
        let first = try #require(crowd.first)
        first.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(first.readResponse(seconds: 3)?.status == 200, "the peer's admitted connections still work")
    }

    /// `--connections-per-peer` sets the cap of the real binary (behind a proxy, one address).
    @Test func theCLISetsThePerPeerCap() throws {
        let (process, port, _) = try ServeCommandTests.launch(["--connections-per-peer", "3"])
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let crowd = try (0..<3).map { _ in try RawHTTP(port: port, from: "127.0.0.6") }
        usleep(100_000)
        #expect(try RawHTTP(port: port, from: "127.0.0.6").isClosedByPeer(), "the fourth is refused")
        let answer = try #require(
            try RawHTTP.exchange(port: port, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(answer.status == 200, "another peer is still answered")
        crowd[0].send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(crowd[0].readResponse(seconds: 3)?.status == 200, "the admitted ones work")
        #expect(try CLI.run(["serve", "--connections-per-peer", "0"]).stderr.contains("--connections-per-peer"))
    }

    @Test func sigtermWithSlowClientsStopsWithinTheStopTimeout() throws {
        let (process, port, _) = try ServeCommandTests.launch()
        // Fifty clients mid-request and one slow request in flight.
        let slow = try (0..<50).map { _ in try RawHTTP(port: port, from: "127.0.0.5") }
        for client in slow { client.send("GET /health HTTP/1.1\r\nHost: x\r\n") }
        let inFlight = try RawHTTP(port: port)
        inFlight.send("GET \(Self.candidates)?singleLine=Helsinki&outFields=*&f=json HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(300_000)
        let started = Date()
        process.terminate()
        let exited = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            exited.signal()
        }
        let inTime = exited.wait(timeout: .now() + 8) == .success
        if !inTime { kill(process.processIdentifier, SIGKILL) }
        #expect(inTime, "still running 8 s after SIGTERM")
        #expect(Date().timeIntervalSince(started) < 6, "the stop timeout is 5 s")
        #expect(process.terminationStatus == 0)
        #expect(inFlight.readResponse(seconds: 2)?.status == 200, "the request in flight was answered")
    }
}

/// A flag one thread sets and another reads.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var isSet: Bool { lock.withLock { flag } }
}
