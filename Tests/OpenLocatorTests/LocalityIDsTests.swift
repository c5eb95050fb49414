import Foundation
import Testing

@testable import OpenLocator

/// A build records the stretch of ids its localities lie in (``GazetteerSchema/localityIDsKey``),
/// and the locality fallback's lookup by another name reads only that stretch of a word's list.
@Suite struct LocalityIDsTests {
    /// Truth from the places table itself, not from the build's bookkeeping.
    @Test func theDefaultGazetteerRecordsTheFirstAndLastLocality() throws {
        let db = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        var recorded: String?
        try db.statement("SELECT value FROM meta WHERE key = 'locality_ids'").forEachRow { recorded = $0.text(0) }
        var (first, last, count): (Int64, Int64, Int64) = (0, 0, 0)
        try db.statement("SELECT min(id), max(id), count(*) FROM places WHERE addr_type = 'Locality'").forEachRow {
            (first, last, count) = ($0.int(0), $0.int(1), $0.int(2))
        }
        #expect(count > 100_000)
        #expect(recorded == "\(first)-\(last)")
    }

    /// Two towns known by other names (the first and the last locality written), with shops
    /// written after them: a landmark beside either other name falls back to its town. A file
    /// of shops alone has no localities, records none, and says so.
    @Test func aTownsOtherNameFindsItAndAFileWithoutTownsSaysItHasNone() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let cities = folder.appendingPathComponent("cities500.txt")
        try [
            "658225\tHelsinki\tHelsinki\tHelsingfors\t60.16952\t24.93545\tP\tPPLC\tFI\t\t01\t091\t\t\t558457\t\t26\tEurope/Helsinki\t2019-01-01",
            "3117735\tMadrid\tMadrid\tMadrit\t40.4165\t-3.70256\tP\tPPLC\tES\t\t29\tM\t28079\t\t3255944\t\t665\tEurope/Madrid\t2019-01-01",
        ].joined(separator: "\n").write(to: cities, atomically: true, encoding: .utf8)
        let shops = folder.appendingPathComponent("shops.csv")
        var csv = "name,category,lat,lon,city\n"
        for index in 0..<40 {
            let (town, latitude, longitude) = index % 2 == 0 ? ("Helsinki", 60.17, 24.94) : ("Madrid", 40.42, -3.70)
            csv += "Kiosk \(index),Convenience Store,\(latitude + Double(index) * 1e-4),\(longitude),\(town)\n"
        }
        try csv.write(to: shops, atomically: true, encoding: .utf8)

        var towns = GazetteerBuilder(osm: [], geoNames: [cities], categoryMapping: Fixtures.categoryMapping)
        towns.placeFiles = [shops]
        let withTowns = folder.appendingPathComponent("towns.gazetteer")
        try towns.build(to: withTowns)
        #expect(try Self.recorded(in: withTowns) == "1-2")
        let task = LocatorTask(gazetteer: withTowns)
        let everything = GeocodeParameters()
        everything.addResultAttributeName("*")
        for (query, town) in [("Helsingfors Old Mill", "Helsinki"), ("Madrit City Hall", "Madrid")] {
            let first = try await task.geocode(forSearchText: query, using: everything).first
            #expect(first?.attributes["PlaceName"] as? String == town, "\(query)")
            #expect(first?.attributes["Addr_type"] as? String == "Locality", "\(query)")
        }

        var alone = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        alone.placeFiles = [shops]
        let withoutTowns = folder.appendingPathComponent("shops.gazetteer")
        try alone.build(to: withoutTowns)
        #expect(try Self.recorded(in: withoutTowns) == "")
        let parameters = GeocodeParameters()
        parameters.explain = true
        parameters.addResultAttributeName("*")
        let response = try await LocatorTask(gazetteer: withoutTowns).geocodeResponse(
            forSearchText: "Helsingfors Old Mill", using: parameters)
        let fallbacks = try #require(response.explanation).readings.filter { $0.stage == "locality fallback" }
        #expect(!fallbacks.isEmpty)
        #expect(fallbacks.allSatisfy { $0.outcome == "this gazetteer has no localities" }, "\(fallbacks)")
        #expect(!response.results.contains { $0.attributes["Addr_type"] as? String == "Locality" })
    }

    static func recorded(in gazetteer: URL) throws -> String? {
        var value: String?
        try SQLiteConnection(path: gazetteer.path).statement("SELECT value FROM meta WHERE key = 'locality_ids'")
            .forEachRow { value = $0.text(0) }
        return value
    }
}
