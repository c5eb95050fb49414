import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// `GET /map/streets`: the gazetteer's own street geometry as GeoJSON for a map with no tile
/// server, checked against a full scan of the `street_segments` table with its own distance.
@Suite struct MapStreetsTests {
    struct Piece: Hashable {
        var street: Int64
        var lon1, lat1, lon2, lat2: Double
        /// Metres, by the haversine formula (not the library's).
        var length: Double {
            let r = 6_371_008.8
            let dLat = (lat2 - lat1) * .pi / 180, dLon = (lon2 - lon1) * .pi / 180
            let a =
                sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * .pi / 180) * cos(lat2 * .pi / 180) * sin(dLon / 2)
                * sin(dLon / 2)
            return 2 * r * asin(min(1, sqrt(a)))
        }
    }

    /// Every street piece of the default gazetteer, read without the R*Tree's search.
    static let allPieces: [Piece] = {
        let db = try! SQLiteConnection(path: try! Fixtures.defaultGazetteerURL().path)
        var pieces: [Piece] = []
        try! db.statement("SELECT place_id, lon1, lat1, lon2, lat2 FROM street_segments").forEachRow {
            pieces.append(
                Piece(street: $0.int(0), lon1: $0.double(1), lat1: $0.double(2), lon2: $0.double(3), lat2: $0.double(4))
            )
        }
        return pieces
    }()

    static func server() throws -> (HTTPServer, UInt16) {
        let server = HTTPServer(limits: .init()) { [routes = GeocodeServerRoutes(task: try Fixtures.task())] in
            routes.respond($0)
        }
        return (server, try server.start(host: "127.0.0.1", port: 0))
    }

    static func get(_ port: UInt16, _ query: String) throws -> (status: Int, headers: String, json: [String: Any]) {
        let answer = try #require(
            try RawHTTP.exchange(
                port: port, "GET /map/streets?\(query) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        let json = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))) as? [String: Any] ?? [:]
        return (answer.status, answer.headers, json)
    }

    /// The pieces of a GeoJSON answer, as (lon1, lat1, lon2, lat2) rounded to 6 decimals.
    static func pieces(_ json: [String: Any]) -> [[Double]] {
        ((json["features"] as? [[String: Any]]) ?? []).flatMap { feature -> [[Double]] in
            let lines = ((feature["geometry"] as? [String: Any])?["coordinates"] as? [[[Double]]]) ?? []
            return lines.map { $0.flatMap { $0 } }
        }
    }

    @Test(arguments: [18, 15, 13])
    func theStreetsInABoxAreThoseOfTheTable(zoom: Int) throws {
        let (server, port) = try Self.server()
        defer { server.shutdown() }
        let box = (xmin: 24.935, ymin: 60.165, xmax: 24.945, ymax: 60.171)
        let answer = try Self.get(port, "bbox=\(box.xmin),\(box.ymin),\(box.xmax),\(box.ymax)&zoom=\(zoom)")
        #expect(answer.status == 200)
        #expect(answer.headers.lowercased().contains("application/geo+json"))
        let metresPerPixel = 40_075_016.7 / 256 / pow(2, Double(zoom)) * cos((box.ymin + box.ymax) / 2 * .pi / 180)
        let inBox = Self.allPieces.filter {
            min($0.lon1, $0.lon2) <= box.xmax && max($0.lon1, $0.lon2) >= box.xmin
                && min($0.lat1, $0.lat2) <= box.ymax && max($0.lat1, $0.lat2) >= box.ymin
        }
        let drawn = inBox.filter { $0.length >= 2 * metresPerPixel }
        #expect(inBox.count > 100)
        #expect((answer.json["piecesInBox"] as? Double).map(Int.init) == inBox.count)
        #expect(answer.json["truncated"] as? Bool == false)
        let got = Self.pieces(answer.json)
        // Lengths within a few centimetres of the threshold may fall either side.
        let sure = drawn.filter { $0.length >= 2 * metresPerPixel + 0.05 }.count
        #expect(
            got.count >= sure
                && got.count <= drawn.count
                    + inBox.filter {
                        abs($0.length - 2 * metresPerPixel) < 0.05
                    }.count,
            "zoom \(zoom): \(got.count) drawn, table \(drawn.count)")
        let truth = Set(drawn.map { [$0.lon1, $0.lat1, $0.lon2, $0.lat2].map { ($0 * 1e6).rounded() / 1e6 } })
        #expect(got.filter { truth.contains($0) }.count >= sure)
        let names = Set(
            ((answer.json["features"] as? [[String: Any]]) ?? []).compactMap {
                ($0["properties"] as? [String: Any])?["name"] as? String
            })
        #expect(names.contains("Mannerheimintie"), "\(names.sorted().prefix(10))")
    }

    @Test func aLowerZoomDrawsFewerPiecesAndTheLimitKeepsTheLongest() throws {
        let box = Envelope(xmin: 24.93, ymin: 60.16, xmax: 24.96, ymax: 60.18)
        let task = try Fixtures.task()
        let counts = try [18, 16, 14, 12].map { try task.streetLinesBlocking(in: box, zoom: $0, limit: 20_000) }
            .map { $0.streets.reduce(0) { $0 + $1.pieces.count } }
        #expect(counts == counts.sorted(by: >) && counts[0] > counts[3], "\(counts)")
        let limited = try task.streetLinesBlocking(in: box, zoom: 18, limit: 10)
        #expect(limited.truncated)
        let kept = limited.streets.flatMap(\.pieces).map {
            Piece(street: 0, lon1: $0.lon1, lat1: $0.lat1, lon2: $0.lon2, lat2: $0.lat2).length
        }
        let longest = Self.allPieces.filter {
            min($0.lon1, $0.lon2) <= box.xmax && max($0.lon1, $0.lon2) >= box.xmin
                && min($0.lat1, $0.lat2) <= box.ymax && max($0.lat1, $0.lat2) >= box.ymin
        }.map(\.length).sorted(by: >).prefix(10)
        #expect(kept.count == 10)
        #expect(zip(kept.sorted(by: >), longest).allSatisfy { abs($0 - $1) < 0.5 })
    }

    @Test func badOrHugeBoxesAreRefusedInOneLineAndTheSeaIsEmpty() throws {
        let (server, port) = try Self.server()
        defer { server.shutdown() }
        for (query, fragment) in [
            ("zoom=12", "bbox is required"), ("bbox=1,2,3", "bbox must be"), ("bbox=25,60,24,61", "bbox must be"),
            ("bbox=24,60,26,61", "too large"), ("bbox=nan,60,24.9,60.1", "bbox must be"),
            ("bbox=24.9,60.1,24.95,60.2&zoom=40", "zoom"),
        ] {
            let answer = try Self.get(port, query)
            let error = answer.json["error"] as? [String: Any]
            let details = (error?["details"] as? [String]) ?? []
            #expect(answer.status == 400 && error?["code"] as? Int == 400, "\(query)")
            #expect(
                details.count == 1 && details[0].contains(fragment) && !details[0].contains("\n"),
                "\(query): \(details)")
        }
        let sea = try Self.get(port, "bbox=20.0,59.0,20.1,59.1&zoom=14")
        #expect(sea.status == 200 && (sea.json["features"] as? [Any])?.isEmpty == true)
        #expect(sea.json["piecesInBox"] as? Double == 0)
    }
}
