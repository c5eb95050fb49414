import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// geopy's `Nominatim` and `Photon` geocoders (PyPI, unchanged but for their domain) against
/// `locator serve`, checked against the gazetteer's rows and the raw GeoNames file, read
/// without the search code.
@Suite struct OpenDialectClientTests {
    /// The places a plain SQL condition selects, straight from the table.
    static func rows(_ condition: String, _ values: [SQLiteValue?] = []) throws -> [PlaceRecord] {
        let db = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        var places: [PlaceRecord] = []
        try db.statement("SELECT \(PlaceRecord.columns) FROM places WHERE \(condition)").forEachRow(values) {
            places.append(PlaceRecord(row: $0))
        }
        return places
    }

    /// What `geopy_open_dialects.py` printed for a server on the default gazetteer.
    static func clientAnswers() throws -> [String: Any] {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        return try PythonClient.run(
            try GeopyCompatibilityTests.python(), "geopy_open_dialects.py", [String(mirror.port)])
    }

    static func location(_ answer: Any?) throws -> (address: String, point: Point, raw: [String: Any]) {
        let answer = try #require(answer as? [String: Any])
        let point = Point(latitude: answer["lat"] as? Double ?? .nan, longitude: answer["lon"] as? Double ?? .nan)
        return (answer["address"] as? String ?? "", point, answer["raw"] as? [String: Any] ?? [:])
    }

    @Test func geopysNominatimAndPhotonWorkWithOnlyTheDomainChanged() throws {
        let answers = try Self.clientAnswers()
        let nominatim = try #require(answers["nominatim"] as? [String: Any])
        let photon = try #require(answers["photon"] as? [String: Any])

        // Stockmann (a node and a way in the data): one of those rows, with its own
        // coordinates and OSM id, through both dialects.
        let stockmanns = try Self.rows("name = 'Stockmann' AND addr_type = 'POI'")
        try #require(!stockmanns.isEmpty)
        for (answer, dialect) in [(nominatim["stockmann"], "nominatim"), (photon["stockmann"], "photon")] {
            let found = try Self.location(answer)
            let properties = dialect == "photon" ? found.raw["properties"] as? [String: Any] ?? [:] : found.raw
            let row = try #require(stockmanns.first { $0.source == properties["source_id"] as? String }, "\(found)")
            let (osmType, osmID) = try #require(Self.osm(row.source))
            #expect(found.point.distance(to: row.location) < 1, "\(found)")
            #expect(found.address.hasPrefix("Stockmann"), "\(found.address)")
            #expect(properties["osm_id"] as? Int == osmID)
            #expect(
                properties["osm_type"] as? String
                    == (dialect == "photon" ? String(osmType.prefix(1)).uppercased() : osmType))
            if dialect == "nominatim" {
                let address = properties["address"] as? [String: Any]
                #expect(address?["city"] as? String == row.city && address?["country_code"] as? String == "fi")
            }
        }

        // Portland in the US: the two most populous of the raw file's Portlands, first, and
        // nothing from another country.
        let portlands = RawGeoNames.shared.places.filter { $0.name == "Portland" && $0.countryCode == "US" }
            .sorted { $0.population > $1.population }
        try #require(portlands.count >= 2)
        let found = try #require(nominatim["portland"] as? [Any]).map(Self.location)
        try #require(found.count >= 2)
        for (answer, truth) in zip(found.prefix(2), portlands.prefix(2)) {
            #expect(answer.point.distance(to: truth.location) < 100, "\(answer.address)")
            #expect(answer.raw["geonames_id"] as? Int == truth.id)
        }
        #expect(found.allSatisfy { $0.address.hasSuffix("United States") }, "\(found.map(\.address))")

        // A structured street and number: the address point's row.
        let tenth = try #require(
            try Self.rows("street = 'Mannerheimintie' AND house_number = '10' AND addr_type = 'PointAddress'").first)
        #expect(try Self.location(nominatim["structured"]).point.distance(to: tenth.location) < 1)

        // Coffee shops bounded by a viewbox: all of them in the box, as many as the table holds.
        let box = Envelope(xmin: 24.930, ymin: 60.160, xmax: 24.950, ymax: 60.175)
        let coffee = try #require(CategoryTree.world["Coffee Shop"])
        let inBox = try allPlaces(in: try Fixtures.defaultGazetteerURL(), category: coffee).filter {
            box.contains($0.location)
        }
        let bounded = try #require(nominatim["bounded"] as? [Any]).map(Self.location)
        try #require(!inBox.isEmpty)
        #expect(bounded.count == min(40, inBox.count), "\(bounded.count) of \(inBox.count)")
        #expect(bounded.allSatisfy { box.contains($0.point) })

        #expect(try Self.location(nominatim["swedish"]).address.hasPrefix("Helsingfors"))

        // Reverse at a street corner of central Helsinki: within 100 m; London at zoom 10 is
        // the raw file's nearest town; the open Atlantic is None.
        let here = Point(latitude: 60.1687, longitude: 24.9416)
        #expect(try Self.location(nominatim["reverse"]).point.distance(to: here) <= 100)
        let london = Point(latitude: 51.5074, longitude: -0.1278)
        let nearestTown = try #require(
            RawGeoNames.shared.places.min { $0.location.distance(to: london) < $1.location.distance(to: london) })
        #expect(try Self.location(nominatim["london"]).raw["geonames_id"] as? Int == nearestTown.id)
        #expect(nominatim["sea"] is NSNull)

        // Photon: cafés only (osm_tag), nearest the bias first; reverse within its 1 km.
        let cafes = try #require(photon["cafes"] as? [Any]).map(Self.location)
        #expect(cafes.count == 5)
        let centre = Point(latitude: 60.1699, longitude: 24.9384)
        let cafeSources = Set(
            try allPlaces(in: try Fixtures.defaultGazetteerURL(), category: coffee).map(\.source))
        for cafe in cafes {
            let properties = try #require(cafe.raw["properties"] as? [String: Any])
            #expect(properties["osm_value"] as? String == "cafe")
            #expect(cafeSources.contains(properties["source_id"] as? String ?? ""), "\(properties)")
        }
        let reversed = try #require(photon["reverse"] as? [Any]).map(Self.location)
        #expect(reversed.count == 3)
        #expect(reversed.allSatisfy { $0.point.distance(to: here) <= 1_000 })
        #expect(photon["sea"] is NSNull)
        // The five nearest cafés of the table (a sixth as near would make a tie, not a miss).
        let nearest = try allPlaces(in: try Fixtures.defaultGazetteerURL(), category: coffee)
            .map { $0.location.distance(to: centre) }.sorted()
        let fifth = nearest[4]
        #expect(cafes.allSatisfy { $0.point.distance(to: centre) <= fifth + 1 }, "\(cafes.map(\.address))")
    }

    /// ("way", 45) for "osm:way/45".
    static func osm(_ source: String) -> (String, Int)? {
        let parts = source.dropFirst(4).split(separator: "/")
        guard source.hasPrefix("osm:"), parts.count == 2, let id = Int(parts[1]) else { return nil }
        return (String(parts[0]), id)
    }
}
