import Foundation
import Testing

@testable import OpenLocator

/// Web Mercator in and out of the real CLI: `--in-sr 3857` for `--near`, `--within` and the
/// points of `reverse` and `identify`, and `--sr` in every output format. The metres are
/// computed here from the spherical Mercator formulas, not with OpenLocator's projection.
@Suite struct WebMercatorCLITests {
    static let radius = 6_378_137.0

    /// A point's Web Mercator metres.
    static func mercator(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        (radius * longitude * .pi / 180, radius * log(tan(.pi / 4 + latitude * .pi / 360)))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(200))")
    }

    static func run(_ arguments: [String]) throws -> String {
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    static let centre = (latitude: 60.1699, longitude: 24.9384)

    /// `find` with the point in either reference and the answer in either, in every format: the
    /// same places, at the same distances (to the centimetre), at coordinates in the reference asked.
    @Test func findTakesAndGivesEitherReferenceInEveryFormat() throws {
        let (x, y) = Self.mercator(latitude: Self.centre.latitude, longitude: Self.centre.longitude)
        let inputs = [
            ["--near", "\(Self.centre.latitude),\(Self.centre.longitude)"],
            ["--near", String(format: "%.4f,%.4f", x, y), "--in-sr", "3857"],
        ]
        let base = ["find", "coffee shop", "--max", "3"]
        // The reference answer: WGS84 in, WGS84 out.
        let reference = try Self.json(Self.run(base + inputs[0] + ["--format", "json"]))
        let candidates = try #require(reference["candidates"] as? [[String: Any]])
        #expect(candidates.count == 3)
        func attributes(_ candidate: [String: Any]) -> [String: Any] {
            candidate["attributes"] as? [String: Any] ?? [:]
        }
        for input in inputs {
            // Tables show no coordinates: the same table either way.
            let table = try Self.run(base + input)
            #expect(table == (try Self.run(base + inputs[0])), "\(input)")
            for sr in ["4326", "3857"] {
                let answer = try Self.json(Self.run(base + input + ["--format", "json", "--sr", sr]))
                let wkid = (answer["spatialReference"] as? [String: Any])?["latestWkid"] as? Int
                #expect(wkid == Int(sr), "\(input) \(sr)")
                let found = try #require(answer["candidates"] as? [[String: Any]])
                #expect(found.count == 3)
                let geojson = try Self.json(Self.run(base + input + ["--format", "geojson", "--sr", sr]))
                let features = try #require(geojson["features"] as? [[String: Any]])
                let crs = ((geojson["crs"] as? [String: Any])?["properties"] as? [String: Any])?["name"] as? String
                #expect(sr == "3857" ? crs == "urn:ogc:def:crs:EPSG::3857" : geojson["crs"] == nil, "\(sr)")
                for (index, candidate) in candidates.enumerated() {
                    let location = try #require(candidate["location"] as? [String: Double])
                    let expected: (x: Double, y: Double) =
                        sr == "3857"
                        ? Self.mercator(latitude: location["y"]!, longitude: location["x"]!)
                        : (location["x"]!, location["y"]!)
                    let tolerance = sr == "3857" ? 0.01 : 1e-9  // 1 cm, or a tenth of a micro-degree
                    let json = try #require(found[index]["location"] as? [String: Double])
                    #expect(abs(json["x"]! - expected.x) < tolerance && abs(json["y"]! - expected.y) < tolerance)
                    let point = try #require(
                        (features[index]["geometry"] as? [String: Any])?["coordinates"] as? [Double])
                    #expect(abs(point[0] - expected.x) < tolerance && abs(point[1] - expected.y) < tolerance)
                    // The point given in metres is the same point: distances agree to the centimetre.
                    let distance = try #require(attributes(found[index])["Distance"] as? Double)
                    #expect(abs(distance - (attributes(candidate)["Distance"] as! Double)) <= 0.01)
                }
            }
        }
    }

    /// An address point given in metres comes back at those metres (to the centimetre), from
    /// `reverse` and from `identify`.
    @Test func pointsInMetresRoundTrip() throws {
        // Yrjönkatu 10's address point, as the extract has it.
        let (x, y) = Self.mercator(latitude: 60.1644102, longitude: 24.9435827)
        let point = String(format: "%.4f,%.4f", x, y)
        let reverse = try Self.json(
            Self.run([
                "reverse", point, "--in-sr", "3857", "--sr", "3857", "--feature-types", "PointAddress", "--format",
                "json",
            ]))
        let location = try #require(reverse["location"] as? [String: Any])
        #expect(abs((location["x"] as! Double) - x) < 0.01 && abs((location["y"] as! Double) - y) < 0.01, "\(location)")
        #expect((reverse["address"] as? [String: Any])?["Match_addr"] as? String == "Yrjönkatu 10, Helsinki")
        let table = try Self.run(["reverse", point, "--in-sr", "3857", "--feature-types", "PointAddress"])
        #expect(table == (try Self.run(["reverse", "60.1644102,24.9435827", "--feature-types", "PointAddress"])))
        // A café, identified at its point given in metres, answers in metres.
        let (cx, cy) = Self.mercator(latitude: 60.1690, longitude: 24.9410)
        let identify = try Self.json(
            Self.run([
                "identify", String(format: "%.4f,%.4f", cx, cy), "--in-sr", "3857", "--sr", "3857", "--tolerance",
                "100",
                "--format", "json",
            ]))
        let candidate = try #require((identify["candidates"] as? [[String: Any]])?.first)
        let found = try #require(candidate["location"] as? [String: Double])
        #expect(abs(found["x"]! - cx) < 150 && abs(found["y"]! - cy) < 300, "\(found)")  // metres, not degrees
        #expect(((identify["spatialReference"] as? [String: Any])?["latestWkid"] as? Int) == 3857)
    }

    /// A box in metres finds what the same box in degrees finds.
    @Test func aBoxInMetresIsTheBoxInDegrees() throws {
        let low = Self.mercator(latitude: 60.16, longitude: 24.93)
        let high = Self.mercator(latitude: 60.18, longitude: 24.96)
        let metres = String(format: "%.3f,%.3f,%.3f,%.3f", low.x, low.y, high.x, high.y)
        let inMetres = try Self.run(["find", "--category", "Hotel", "--within", metres, "--in-sr", "3857"])
        let inDegrees = try Self.run(["find", "--category", "Hotel", "--within", "60.16,24.93,60.18,24.96"])
        let lonFirst = try Self.run(["find", "--category", "Hotel", "--within-lonlat", "24.93,60.16,24.96,60.18"])
        #expect(inMetres == inDegrees)
        #expect(lonFirst == inDegrees)
        #expect(inMetres.contains("Hotel"))
    }

    @Test func badPointsInMetresAreOneLineErrors() throws {
        for arguments in [
            ["find", "cafe", "--near", "30000000,0", "--in-sr", "3857"],
            ["find", "cafe", "--near", "x,y", "--in-sr", "3857"],
            ["find", "cafe", "--near", "60.17,24.94", "--in-sr", "2056"],
            ["reverse", "2776164", "--in-sr", "3857"],
            ["find", "--category", "Hotel", "--within", "3,2,1,0", "--in-sr", "3857"],
        ] {
            let result = try CLI.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 2, "\(arguments): \(result.stderr)")  // the error, then "Help:"
        }
    }
}
