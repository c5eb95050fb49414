import Foundation
import Testing

@testable import OpenLocator

/// Intersections on a small made-up town in northern Italy (its own OSM file, built here):
/// a ring road that a radial street crosses twice, a lane that passes 10 m from the radial
/// without meeting it, a bridge over it (crossing without a shared node), and a street 100 m
/// away from it. The Helsinki extract's intersections are in the relevance suite.
@Suite struct IntersectionTests {
    /// Where the radial meets the ring: south and north.
    static let south = Point(latitude: 45.0, longitude: 10.005)
    static let north = Point(latitude: 45.005, longitude: 10.005)
    /// Metres east of the radial (at 45°, a degree of longitude is 78.85 km).
    static func east(_ metres: Double) -> Double { 10.005 + metres / (111_320 * cos(45 * Double.pi / 180)) }

    static let gazetteer = Result { () throws -> URL in
        let folder = try Fixtures.temporaryDirectory()
        let pbf = folder.appendingPathComponent("town.osm.pbf")
        let street = { (name: String) -> [String: String] in ["highway": "residential", "name": name] }
        let bridge = ["highway": "residential", "name": "Ponte Alto", "bridge": "yes", "layer": "1"]
        let nodes: [(id: Int64, lat: Double, lon: Double, tags: [String: String])] = [
            (1, 45.0, 10.0, [:]), (2, 45.0, 10.005, [:]), (3, 45.0, 10.01, [:]), (4, 45.005, 10.01, [:]),
            (5, 45.005, 10.005, [:]), (6, 45.005, 10.0, [:]), (7, 44.999, 10.005, [:]), (8, 45.006, 10.005, [:]),
            (9, 45.0025, east(10), [:]), (10, 45.0025, east(300), [:]), (11, 45.0015, 10.004, [:]),
            (12, 45.0015, 10.006, [:]), (13, 45.0035, east(100), [:]), (14, 45.0035, east(400), [:]),
        ]
        let ways: [(id: Int64, refs: [Int64], tags: [String: String])] = [
            (100, [1, 2, 3, 4, 5, 6], street("Via Anello")), (101, [7, 2, 5, 8], street("Via Radiale")),
            (102, [9, 10], street("Via Vicina")), (103, [11, 12], bridge), (104, [13, 14], street("Via Lontana")),
        ]
        try TinyPBF.osm(nodes: nodes, ways: ways, relations: []).write(to: pbf)
        let output = folder.appendingPathComponent("town.gazetteer")
        try GazetteerBuilder(osm: [pbf], geoNames: [], categoryMapping: Fixtures.categoryMapping).build(to: output)
        return output
    }

    static func geocode(_ text: String, near point: Point? = nil) async throws -> [GeocodeResult] {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = point
        parameters.addResultAttributeName("*")
        return try await LocatorTask(gazetteer: try gazetteer.get()).geocode(forSearchText: text, using: parameters)
    }

    static func crossings(_ results: [GeocodeResult]) -> [GeocodeResult] {
        results.filter { text($0, "Addr_type") == "StreetInt" }
    }

    @Test func twoCrossingsOfTheSameStreetsComeNearestThePointFirst() async throws {
        for (point, other) in [(Self.south, Self.north), (Self.north, Self.south)] {
            let found = Self.crossings(try await Self.geocode("Via Anello & Via Radiale", near: point))
            #expect(found.count == 2)
            let first = try #require(found.first?.displayLocation)
            #expect(first.distance(to: point) < 1, "\(first)")
            #expect(try #require(found.last?.displayLocation).distance(to: other) < 1)
            #expect(found.first?.label == "Via Anello & Via Radiale")
            #expect(found.first?.score == 100)
        }
        // Italian "e" joins them too, and either order names the same crossings.
        let italian = Self.crossings(try await Self.geocode("Via Radiale e Via Anello", near: Self.north))
        #expect(italian.first?.displayLocation.map { $0.distance(to: Self.north) < 1 } == true)
        #expect(italian.first?.label == "Via Radiale & Via Anello")
    }

    @Test func streetsThatPassNearMeetAtTheirNearestApproach() async throws {
        let found = try #require(Self.crossings(try await Self.geocode("Via Vicina & Via Radiale")).first)
        // Halfway between the radial and the lane's end, 10 m east of it.
        let halfway = Point(latitude: 45.0025, longitude: Self.east(5))
        #expect(try #require(found.displayLocation).distance(to: halfway) < 1)
        #expect(found.score == 100 - IntersectionStage.approachDeduction)
    }

    @Test func aBridgeOverAStreetIsACrossingWithoutANode() async throws {
        let found = try #require(Self.crossings(try await Self.geocode("Ponte Alto / Via Radiale")).first)
        #expect(try #require(found.displayLocation).distance(to: Point(latitude: 45.0015, longitude: 10.005)) < 1)
    }

    @Test func streetsFartherApartThanTheToleranceDoNotMeet() async throws {
        let found = try await Self.geocode("Via Lontana & Via Radiale")
        #expect(Self.crossings(found).isEmpty, "\(found.map(\.label))")
        // And a street with itself, or with one the data lacks, is no intersection.
        #expect(Self.crossings(try await Self.geocode("Via Radiale & Via Radiale")).isEmpty)
        #expect(Self.crossings(try await Self.geocode("Via Radiale & Via Inesistente")).isEmpty)
    }

    @Test func theCLIAndTheServerAnswerTheCrossing() throws {
        let gazetteer = try Self.gazetteer.get()
        let cli = try CLI.run([
            "find", "corner of Via Anello and Via Radiale", "--near", "45.0049,10.0051", "--gazetteer", gazetteer.path,
            "--format", "json", "--max", "1",
        ])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(cli.stdout.contains("StreetInt"), "\(cli.stdout.prefix(400))")
        #expect(cli.stdout.contains("45.005"), "\(cli.stdout.prefix(400))")
        let (process, port, _) = try ServeCommandTests.launch(gazetteer: gazetteer)
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let answer = try #require(
            try RawHTTP.exchange(
                port: port,
                "GET /arcgis/rest/services/World/GeocodeServer/findAddressCandidates?singleLine=Via%20Anello%20%26%20Via%20Radiale&location=10.0051,45.0001&outFields=Addr_type&maxLocations=1&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            ))
        #expect(answer.body.contains(#""Addr_type":"StreetInt""#), "\(answer.body.prefix(300))")
        #expect(answer.body.contains(#""y":45,"#) || answer.body.contains(#""y":45}"#), "\(answer.body.prefix(300))")
    }
}

/// How intersections are read from text, and how two straight pieces meet.
@Suite struct IntersectionReadingTests {
    func sides(_ text: String) -> (String, String)? {
        let query = QueryText(text)
        return IntersectionReading(query).map { reading in
            (
                reading.first.map { query.words[$0].folded }.joined(separator: " "),
                reading.second.map { query.words[$0].folded }.joined(separator: " ")
            )
        }
    }

    @Test func everyJoiningFormSplitsTheStreets() {
        for text in [
            "Main St & Elm St", "Main St and Elm St", "Main St/Elm St", "Main St / Elm St", "Main St at Elm St",
            "corner of Main St and Elm St", "the corner of Main St & Elm St", "Main St&Elm St", "Main St @ Elm St",
        ] {
            let found = sides(text)
            #expect(found?.0 == "main st" && found?.1 == "elm st", "\(text): \(String(describing: found))")
        }
        for (text, first, second) in [
            ("Mannerheimintie ja Kaivokatu", "mannerheimintie", "kaivokatu"),
            ("Mannerheimvägen och Kajsaniemigatan", "mannerheimvagen", "kajsaniemigatan"),
            ("Hauptstraße und Bahnhofstraße", "hauptstrasse", "bahnhofstrasse"),
        ] {
            let found = sides(text)
            #expect(found?.0 == first && found?.1 == second, "\(text): \(String(describing: found))")
        }
        // A locality after a comma is the locality, not part of the second street.
        let query = QueryText("Mannerheimintie & Kaivokatu, Helsinki")
        #expect(IntersectionReading(query)?.locality.map { query.words[$0].folded } == ["helsinki"])
    }

    @Test func textWithoutTwoStreetsIsNoIntersection() {
        for text in ["Mannerheimintie", "& Kaivokatu", "Kaivokatu &", "Yrjönkatu 10 & 12", "and", "a/", "/b"] {
            #expect(sides(text) == nil, "\(text)")
        }
    }

    @Test func segmentsMeetWhereTheyCrossShareAnEndOrPassNearest() {
        let a1 = Coordinate(lon: 10, lat: 45), a2 = Coordinate(lon: 10.01, lat: 45)
        // Crossing in the middle.
        let cross = SegmentApproach(a1, a2, Coordinate(lon: 10.005, lat: 44.999), Coordinate(lon: 10.005, lat: 45.001))
        #expect(cross.distance == 0 && !cross.sharesEnd)
        #expect(abs(cross.point.lon - 10.005) < 1e-9 && abs(cross.point.lat - 45) < 1e-9)
        // Sharing an end.
        let shared = SegmentApproach(a1, a2, a2, Coordinate(lon: 10.02, lat: 45.01))
        #expect(shared.sharesEnd && shared.distance == 0 && shared.point == a2)
        // Parallel, 111 m apart: the nearest points are 111.32 m apart.
        let parallel = SegmentApproach(a1, a2, Coordinate(lon: 10, lat: 45.001), Coordinate(lon: 10.01, lat: 45.001))
        #expect(abs(parallel.distance - 111.32) < 0.01)
    }
}
