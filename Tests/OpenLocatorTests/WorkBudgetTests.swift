import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// A request's work stops at its time limit: inside SQLite, between stages and between batch
/// records; the server answers over-budget work with an ArcGIS error and stays available.
@Suite struct WorkBudgetTests {
    /// A text of 24 one-letter words, the shape that cost the most per record.
    static let hostile = Array(repeating: "s", count: 24).joined(separator: " ")

    @Test func aStatementStopsInsideSQLiteOnceTheBudgetIsSpent() throws {
        let backend = GazetteerBackend(url: try Fixtures.defaultGazetteerURL())
        // A query that never ends on its own.
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        let error = #expect(throws: LocatorError.self) {
            try WorkBudget.run(WorkBudget(seconds: 0.2)) {
                try backend.read("a test") { db, _ in try db.statement(endless).forEachRow { _ in } }
            }
        }
        #expect(error?.code == .timeLimitExceeded)
        #expect(error?.message.contains("0.2 s") == true, "\(error?.message ?? "")")
        // Without a budget the same connection pool answers as before.
        let count = try backend.read("a test") { db, _ in
            var n: Int64 = 0
            try db.statement("SELECT count(*) FROM places WHERE id < 10").forEachRow { n = $0.int(0) }
            return n
        }
        #expect(count == 9)
    }

    @Test func aBatchStopsBetweenRecordsOnceTheBudgetIsSpent() throws {
        let task = try Fixtures.task()
        let error = #expect(throws: LocatorError.self) {
            try WorkBudget.run(WorkBudget(seconds: 0.3)) {
                try task.geocodeBlocking(
                    batch: Array(repeating: Self.hostile, count: 1000), using: GeocodeParameters())
            }
        }
        #expect(error?.code == .timeLimitExceeded)
        // Within a budget that suffices, the same call answers.
        let matches = try WorkBudget.run(WorkBudget(seconds: 60)) {
            try task.geocodeBlocking(batch: ["Stockmann", "Helsinki"], using: GeocodeParameters())
        }
        #expect(matches.count == 2 && matches.allSatisfy { $0.result != nil })
    }

    static func batchBody(_ texts: [String]) -> String {
        let records = texts.enumerated().map {
            #"{"attributes":{"OBJECTID":\#($0.offset + 1),"SingleLine":"\#($0.element)"}}"#
        }
        return "addresses=" + WireParameters.escape(#"{"records":["# + records.joined(separator: ",") + "]}")
            + "&f=json"
    }

    static func postRequest(_ body: String) -> String {
        "POST \(GeocodeServerRoutes.servicePath)/geocodeAddresses HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    static func post(_ port: UInt16, _ body: String, seconds: Double = 30) throws -> (
        status: Int, headers: String, body: String
    )? {
        let client = try RawHTTP(port: port)
        client.send(postRequest(body))
        return client.readResponse(seconds: seconds)
    }

    @Test func aMaximalHostileBatchGetsAnErrorAndTheServerStaysAvailable() throws {
        let routes = GeocodeServerRoutes(task: try Fixtures.task(), requestTimeout: 3, concurrentBatches: 1)
        var limits = HTTPServer.Limits()
        limits.workers = 4
        let server = HTTPServer(limits: limits) { routes.respond($0) }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.shutdown() }
        let body = Self.batchBody(Array(repeating: Self.hostile, count: 1000))
        // The first batch, once the server is answering it (not before: under load, a batch
        // sent first may still reach a worker second).
        let firstClient = try RawHTTP(port: port)
        firstClient.send(Self.postRequest(body))
        let admitted = Date().addingTimeInterval(20)
        while routes.batchesInProgress == 0, Date() < admitted { usleep(5_000) }
        #expect(routes.batchesInProgress == 1)
        // A second batch meanwhile is turned away at once, with a time to retry.
        let second = try #require(try Self.post(port, body))
        // Single queries are still answered while the batch runs.
        let probe = try #require(
            try RawHTTP.exchange(port: port, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(probe.status == 200)
        let first = try #require(firstClient.readResponse(seconds: 30))
        let answers = [first, second].sorted { $0.status < $1.status }
        #expect(answers.map(\.status) == [200, 503])
        #expect(answers[1].headers.contains("Retry-After: 1"))
        #expect(
            answers[0].body.contains(#""code":400"#) && answers[0].body.contains("time limit"),
            "\(answers[0].body.prefix(300))")
        // Too much text in one request is refused before any work.
        let long = Self.batchBody(Array(repeating: String(repeating: "x", count: 200), count: 600))
        let refused = try #require(try Self.post(port, long))
        #expect(refused.body.contains("at most \(GeocodeServerRoutes.maxBatchCharacters) are allowed"))
        // An ordinary batch still works.
        let fine = try #require(try Self.post(port, Self.batchBody(["Stockmann", "Mannerheimintie 10"])))
        #expect(fine.body.contains(#""locations""#) && fine.body.contains("Stockmann"))
    }
}
