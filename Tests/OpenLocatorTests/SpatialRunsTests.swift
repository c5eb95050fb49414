import Foundation
import Testing

@testable import OpenLocator

/// Streamed places are written in Z-order runs, so a town's places get ids close together
/// (``SpatialRuns``): what keeps a full-text intersection of a town's words and a common word
/// short.
@Suite struct SpatialRunsTests {
    static func place(_ name: String, latitude: Double, longitude: Double) -> PlaceRecord {
        PlaceRecord(
            name: name, addressType: .poi, category: 0, longitude: longitude, latitude: latitude, importance: 0,
            source: "test")
    }

    @Test func everyPlaceComesOutOnceAndEachRunIsInZOrder() throws {
        var random = SplitMix64(seed: 7)
        let places = (0..<250).map { index in
            Self.place(
                "p\(index)", latitude: Double.random(in: -90...90, using: &random),
                longitude: Double.random(in: -180...180, using: &random))
        }
        nonisolated(unsafe) var input = places.makeIterator()
        var runs = SpatialRuns(runLength: 100) { input.next() }
        var out: [PlaceRecord] = []
        while let place = try runs.next() { out.append(place) }
        #expect(out.map(\.name).sorted() == places.map(\.name).sorted())
        // Runs of 100, 100 and 50, each from the places read for it and sorted by its code.
        for (start, end) in [(0, 100), (100, 200), (200, 250)] {
            let codes = out[start..<end].map { SpatialRuns.mortonCode(longitude: $0.longitude, latitude: $0.latitude) }
            #expect(codes == codes.sorted())
            #expect(Set(out[start..<end].map(\.name)) == Set(places[start..<end].map(\.name)))
        }
        #expect(try runs.next()?.name == nil)
    }

    @Test func theCodeGrowsWithEachCoordinateAndKeepsTiesInTheOrderRead() throws {
        // With one coordinate fixed, the code grows with the other (Z-order is monotone per axis).
        let longitudes = stride(from: -180.0, through: 180.0, by: 7.5)
        for latitude in [-89.0, -12.5, 0, 45.25, 90] {
            let codes = longitudes.map { SpatialRuns.mortonCode(longitude: $0, latitude: latitude) }
            #expect(codes == codes.sorted() && Set(codes).count == codes.count)
        }
        let latitudes = stride(from: -90.0, through: 90.0, by: 3.75)
        for longitude in [-179.0, -3.5, 24.94, 151.2] {
            let codes = latitudes.map { SpatialRuns.mortonCode(longitude: longitude, latitude: $0) }
            #expect(codes == codes.sorted() && Set(codes).count == codes.count)
        }
        #expect(SpatialRuns.mortonCode(longitude: -180, latitude: -90) == 0)
        #expect(SpatialRuns.mortonCode(longitude: .nan, latitude: .infinity) == 0)
        // Places at one location keep the order they were read in.
        let same = (0..<5).map { Self.place("same\($0)", latitude: 60.17, longitude: 24.94) }
        nonisolated(unsafe) var input = same.makeIterator()
        var runs = SpatialRuns(runLength: 3) { input.next() }
        var names: [String] = []
        while let place = try runs.next() { names.append(place.name) }
        #expect(names == same.map(\.name))
    }

    /// A places CSV whose rows alternate between four towns on four continents: each town's
    /// places get one stretch of ids, in a file written in input order spread over all of them.
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
