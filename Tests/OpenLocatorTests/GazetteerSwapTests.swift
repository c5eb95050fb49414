import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// A gazetteer renamed over the served one (as `locator build --out` does) is swapped in
/// between requests: under 64 concurrent clients every answer comes wholly from one file,
/// and once a client has seen the new file it never sees the old one again.
@Suite struct GazetteerSwapTests {
    /// Two copies of the default gazetteer that differ in every POI's Place_addr.
    static func twoFiles() throws -> (served: URL, replacement: URL) {
        let folder = try Fixtures.temporaryDirectory()
        let served = folder.appendingPathComponent("served.gazetteer")
        let replacement = folder.appendingPathComponent(".served.gazetteer.new")
        try FileManager.default.copyItem(at: try Fixtures.defaultGazetteerURL(), to: served)
        try FileManager.default.copyItem(at: served, to: replacement)
        let db = try SQLiteConnection(path: replacement.path, writable: true)
        try db.execute("UPDATE places SET place_addr = 'from the new file' WHERE source LIKE 'osm:%'")
        return (served, replacement)
    }

    @Test func sixtyFourClientsNeverGetAMixedAnswerAcrossAReplacement() throws {
        let (served, replacement) = try Self.twoFiles()
        let task = LocatorTask(gazetteer: served)
        let server = HTTPServer(limits: .init()) { [routes = GeocodeServerRoutes(task: task)] in routes.respond($0) }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.shutdown() }
        let target =
            "\(GeocodeServerRoutes.servicePath)/findAddressCandidates?category=Coffee%20Shop&location=24.9384,60.1699&maxLocations=10&outFields=Place_addr&f=json"
        let total = 10_000
        let clients = 64
        let answered = LockedCounter()
        let tally = SwapTally()
        let replaced = LockedFlag()
        @Sendable func work(_ client: Int) {
            if client == clients {  // the operator: replace the file a third of the way in
                while answered.value < total / 3 { usleep(5_000) }
                _ = rename(replacement.path, served.path)
                let swapped = (try? task.reloadGazetteerIfReplaced()) ?? false
                tally.record(swapped ? .swapped : .failed)
                replaced.set()
                return
            }
            guard let connection = try? RawHTTP(port: port) else { return tally.record(.failed) }
            var sawNew = false
            for _ in 0..<(total / clients) {
                connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                guard let response = connection.readResponse(seconds: 10),
                    let json = try? JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any],
                    let candidates = json["candidates"] as? [[String: Any]], !candidates.isEmpty
                else { return tally.record(.failed) }
                let fromNew = candidates.map {
                    (($0["attributes"] as? [String: Any])?["Place_addr"] as? String) == "from the new file"
                }
                answered.add(1)
                if Set(fromNew).count > 1 {
                    tally.record(.mixed)
                } else if fromNew[0] {
                    sawNew = true
                    tally.record(.new)
                } else {
                    tally.record(sawNew ? .oldAfterNew : .old)
                }
            }
        }
        // A thread per client (concurrentPerform would run them a core's worth at a time).
        let done = DispatchGroup()
        for client in 0...clients {
            done.enter()
            Thread {
                defer { done.leave() }
                work(client)
            }.start()
        }
        #expect(done.wait(timeout: .now() + 180) == .success)
        #expect(replaced.isSet)
        #expect(tally[.swapped] == 1 && tally[.failed] == 0)
        #expect(tally[.mixed] == 0, "answers with places from both files")
        #expect(tally[.oldAfterNew] == 0, "old answers after a client saw the new file")
        let (old, new) = (tally[.old], tally[.new])
        #expect(old > 1_000)
        #expect(new > 1_000)
        #expect(old + new == total - total % clients)
    }

    @Test func aReplacementThatIsNotAGazetteerLeavesTheOldOneServing() throws {
        let (served, _) = try Self.twoFiles()
        let task = LocatorTask(gazetteer: served)
        #expect(try task.geocodeBlocking(forSearchText: "Stockmann", using: GeocodeParameters()).isEmpty == false)
        let junk = served.deletingLastPathComponent().appendingPathComponent("junk")
        try Data("not a gazetteer".utf8).write(to: junk)
        _ = rename(junk.path, served.path)
        let error = #expect(throws: LocatorError.self) { try task.reloadGazetteerIfReplaced() }
        #expect(error?.code == .gazetteerUnavailable)
        #expect(try task.geocodeBlocking(forSearchText: "Stockmann", using: GeocodeParameters()).isEmpty == false)
    }
}

/// Counts of what the clients saw.
final class SwapTally: @unchecked Sendable {
    enum Kind: String { case old, new, mixed, oldAfterNew, swapped, failed }
    private let lock = NSLock()
    private var counts: [Kind: Int] = [:]
    func record(_ kind: Kind) { lock.withLock { counts[kind, default: 0] += 1 } }
    subscript(kind: Kind) -> Int { lock.withLock { counts[kind, default: 0] } }
    var summary: String {
        lock.withLock { counts.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", ") }
    }
}
