import Foundation
import Testing

@testable import OpenLocator

/// Words in tens of thousands of places' text, where reading every match would cost too much:
/// nearby matches come from the R*Tree around the point, and still find the nearest place,
/// wherever it lies in storage. The truth is a scan of the CSV rows the gazetteer was built from.
@Suite struct CommonWordTests {
    /// 30,000 cafeterias scattered over central Europe (more than ``GazetteerBackend/importanceSortLimit``
    /// and ``GazetteerBackend/nearbyScanLimit``), and one written last, 300 m from the point.
    static let point = Point(latitude: 50.0, longitude: 15.0)

    static func gazetteer() throws -> (url: URL, rows: [(name: String, latitude: Double, longitude: Double)]) {
        var random = SplitMix64(seed: 25)
        var rows: [(name: String, latitude: Double, longitude: Double)] = []
        for index in 0..<30_000 {
            rows.append(
                (
                    "Cafeteria \(index)", Double.random(in: 40...60, using: &random),
                    Double.random(in: 0...30, using: &random)
                ))
        }
        rows.append(("Cafeteria Lastrow", point.latitude + 0.0027, point.longitude))
        let folder = try Fixtures.temporaryDirectory()
        let csv = folder.appendingPathComponent("cafeterias.csv")
        try
            ("name,category,lat,lon\n" + rows.map { "\($0.name),Coffee Shop,\($0.latitude),\($0.longitude)\n" }.joined())
            .write(to: csv, atomically: false, encoding: .utf8)
        var builder = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        builder.placeFiles = [csv]
        let url = folder.appendingPathComponent("cafeterias.gazetteer")
        try builder.build(to: url)
        return (url, rows)
    }

    /// The row nearest the point by haversine distance, and its place in the file's order.
    static func nearestRow(_ rows: [(name: String, latitude: Double, longitude: Double)]) -> (name: String, index: Int)
    {
        func metres(_ latitude: Double, _ longitude: Double) -> Double {
            let (φ1, φ2) = (point.latitude * .pi / 180, latitude * .pi / 180)
            let (dφ, dλ) = (φ2 - φ1, (longitude - point.longitude) * .pi / 180)
            let a = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
            return 2 * 6_371_008.8 * asin(min(1, a.squareRoot()))
        }
        let index = rows.indices.min {
            metres(rows[$0].latitude, rows[$0].longitude) < metres(rows[$1].latitude, rows[$1].longitude)
        }!
        return (rows[index].name, index)
    }

    @Test func aCommonWordNearAPointFindsTheNearestPlaceWhereverItIsStored() async throws {
        let (url, rows) = try Self.gazetteer()
        let truth = Self.nearestRow(rows)
        // (Stored past the first 3,000 matches, which is all a plain read would see: the build
        // writes places in Z-order runs, so its place in storage is read from the file.)
        var stored: Int64 = 0
        try SQLiteConnection(path: url.path).statement("SELECT id FROM places WHERE name = ?1").forEachRow([
            .text(truth.name)
        ]) { stored = $0.int(0) }
        #expect(stored > Int64(GazetteerBackend.textCandidateLimit))
        let task = LocatorTask(gazetteer: url)
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Self.point
        parameters.maxResults = 3
        let results = try await task.geocode(forSearchText: "cafeteria", using: parameters)
        #expect(results.first?.attributeValues["PlaceName"]?.stringValue == truth.name)
    }

    @Test func suggestingACommonWordNearAPointOffersTheNearestPlace() async throws {
        let (url, rows) = try Self.gazetteer()
        let truth = Self.nearestRow(rows)
        let task = LocatorTask(gazetteer: url)
        let parameters = SuggestParameters()
        parameters.preferredSearchLocation = Self.point
        let suggestions = try await task.suggest(forSearchText: "Cafet", parameters: parameters)
        #expect(suggestions.contains { $0.label.hasPrefix(truth.name + ",") || $0.label == truth.name })
        // Every suggestion is a place whose name starts with the text.
        #expect(!suggestions.isEmpty)
        #expect(suggestions.allSatisfy { $0.label.hasPrefix("Cafeteria") })
    }
}
