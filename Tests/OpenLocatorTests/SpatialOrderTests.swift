import Foundation
import Testing

@testable import OpenLocator

/// Streamed places are written in Hilbert order, sorted in bounded memory (``SpatialOrder``),
/// so a town's places get one stretch of ids: what keeps a full-text intersection of a town's
/// words and a common word short.
@Suite struct SpatialOrderTests {
    static func place(_ name: String, latitude: Double, longitude: Double) -> PlaceRecord {
        PlaceRecord(
            name: name, addressType: .poi, category: 0, longitude: longitude, latitude: latitude, importance: 0,
            source: "test")
    }

    /// The places as `SpatialOrder` hands them out, sorting `runLength` at a time.
    static func ordered(_ places: [PlaceRecord], runLength: Int) throws -> [PlaceRecord] {
        nonisolated(unsafe) var input = places.makeIterator()
        var spills = 0
        var ordered = SpatialOrder(runLength: runLength, spillingTo: FileManager.default.temporaryDirectory) {
            input.next()
        }
        try ordered.sort { _ in spills += 1 }
        var out: [PlaceRecord] = []
        while let place = try ordered.next() { out.append(place) }
        #expect(try ordered.next() == nil)
        #expect(spills == (places.count > runLength ? (places.count + runLength - 1) / runLength : 0))
        return out
    }

    /// Random places around the world, and a few at one spot read far apart (in different runs).
    static func worldPlaces(_ count: Int, seed: UInt64) -> [PlaceRecord] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            index % 37 == 5
                ? place("same\(index)", latitude: -33.8688, longitude: 151.2093)
                : place(
                    "p\(index)", latitude: Double.random(in: -90...90, using: &random),
                    longitude: Double.random(in: -180...180, using: &random))
        }
    }

    /// Truth by brute force: the Hilbert cell of each place computed apart from the sort (on the
    /// R*Tree packer's curve), places stably sorted by it.
    static func expectedOrder(_ places: [PlaceRecord]) -> [String] {
        places.enumerated().map { (cell: RTreeBox.hilbertIndex($1.longitude, $1.latitude), index: $0, name: $1.name) }
            .sorted { ($0.cell, $0.index) < ($1.cell, $1.index) }.map(\.name)
    }

    @Test(arguments: [1_000, 250, 125, 100, 37, 1])
    func everyPlaceComesOutOnceInOneOrderWhateverTheRunLength(runLength: Int) throws {
        let places = Self.worldPlaces(250, seed: 7)
        let out = try Self.ordered(places, runLength: runLength)
        #expect(out.map(\.name) == Self.expectedOrder(places))
        // Places at one spot keep the order they were read in, across runs too.
        let same = out.map(\.name).filter { $0.hasPrefix("same") }
        #expect(same.count == 7 && same == places.map(\.name).filter { $0.hasPrefix("same") })
    }

    @Test func anEmptySourceAndBadCoordinatesAreHandedOut() throws {
        #expect(try Self.ordered([], runLength: 10).isEmpty)
        let odd = [
            Self.place("nan", latitude: .nan, longitude: .nan), Self.place("inf", latitude: .infinity, longitude: 0),
            Self.place("helsinki", latitude: 60.17, longitude: 24.94), Self.place("edge", latitude: 90, longitude: 180),
        ]
        #expect(try Self.ordered(odd, runLength: 1).map(\.name) == Self.expectedOrder(odd))
        #expect(try Self.ordered(odd, runLength: 10).map(\.name) == Self.expectedOrder(odd))
    }

    /// A spilled run keeps every field: texts in any script, lists, optional parts set and not.
    @Test func aPlaceWrittenToARunAndReadBackIsTheSame() throws {
        let full = PlaceRecord(
            id: 42, name: "Café Ekberg", addressType: .streetAddressExt, category: 170, houseNumber: "43 B",
            street: "Bulevardi", neighborhood: "Punavuori", city: "Helsinki", subregion: "Helsinki",
            region: "Uusimaa", postal: "00120", country: "FIN", placeAddress: "Bulevardi 9, 00120 Helsinki",
            phone: "+358 9 6811 8660", url: "https://example.org/ä?q=1", longitude: 24.9383, latitude: 60.1649,
            importance: 0.37, population: -1, source: "osm:node/123",
            alternateNames: ["Кафе Экберг", "", "カフェ"], localityAliases: ["Helsingfors"],
            localizedNames: "sv:Bulevarden", access: Coordinate(lon: 24.93831, lat: 60.16488), side: "L",
            extent: Envelope(xmin: 24.9, ymin: 60.1, xmax: 25.0, ymax: 60.2))
        let bare = Self.place("", latitude: -0.0, longitude: -180)
        // (Integers at their extremes, and a text longer than one byte's length.)
        var extreme = bare
        (extreme.id, extreme.population, extreme.category) = (.max, .min, -1)
        extreme.name = String(repeating: "ä", count: 300)
        let places = (0..<5).flatMap { _ in [full, bare, extreme] }
        let out = try Self.ordered(places, runLength: 2)
        #expect(out.count == places.count)
        #expect(out.filter { $0 == full }.count == 5)
        #expect(out.filter { $0 == bare && $0.latitude.sign == .minus }.count == 5)
        #expect(out.filter { $0 == extreme }.count == 5)
    }

    /// A places CSV whose rows alternate between four towns on four continents, sorted 30 at a
    /// time: each town's places get one stretch of ids (in input order they are spread over all
    /// of them; sorted run by run, over one stretch per run).
    @Test func aTownsPlacesFromAnInterleavedFileGetConsecutiveIds() throws {
        let towns = [
            ("Helsinki", 60.17, 24.94), ("Sydney", -33.87, 151.21), ("Lima", -12.05, -77.04), ("Nairobi", -1.29, 36.82),
        ]
        var random = SplitMix64(seed: 11)
        var csv = "name,category,lat,lon,city\n"
        var townOfName: [String: String] = [:]
        for index in 0..<400 {
            let (town, latitude, longitude) = towns[index % towns.count]
            let name = "Kiosk \(index)"
            townOfName[name.lowercased()] = town
            csv += String(
                format: "%@,Convenience Store,%.6f,%.6f,%@\n", name,
                latitude + Double.random(in: -0.05...0.05, using: &random),
                longitude + Double.random(in: -0.05...0.05, using: &random), town)
        }
        let folder = try Fixtures.temporaryDirectory()
        let csvURL = folder.appendingPathComponent("kiosks.csv")
        try csv.write(to: csvURL, atomically: false, encoding: .utf8)
        var builder = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        builder.placeFiles = [csvURL]
        builder.spatialRunLength = 30
        let url = folder.appendingPathComponent("kiosks.gazetteer")
        try builder.build(to: url)

        // Each stored place's town from the CSV (its name), not from what the build wrote.
        let db = try SQLiteConnection(path: url.path)
        var idsByTown: [String: [Int64]] = [:]
        try db.statement("SELECT id, name FROM places").forEachRow { row in
            if let town = townOfName[row.text(1).lowercased()] { idsByTown[town, default: []].append(row.int(0)) }
        }
        #expect(idsByTown.count == towns.count)
        for (town, ids) in idsByTown {
            #expect(ids.count == 100, "\(town)")
            #expect(ids.max()! - ids.min()! + 1 == Int64(ids.count), "\(town)'s ids are not one stretch")
        }
    }
}
