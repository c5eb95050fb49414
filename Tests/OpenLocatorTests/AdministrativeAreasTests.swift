import Foundation
import Testing

@testable import OpenLocator

/// Places in an extract that holds its boundaries whole take their city and district from the
/// boundaries around them, not from the nearest town.
@Suite struct AdministrativeAreasTests {
    @Test func waysJoinIntoClosedRingsOrNone() {
        let (a, b, c, d) = (
            Coordinate(lon: 0, lat: 0), Coordinate(lon: 1, lat: 0), Coordinate(lon: 1, lat: 1),
            Coordinate(lon: 0, lat: 1)
        )
        let rings = AdministrativeAreas.rings([[a, b], [c, b], [c, d, a]])
        #expect(rings?.count == 1 && rings?.first?.count == 5 && rings?.first?.first == rings?.first?.last)
        #expect(AdministrativeAreas.rings([[a, b], [b, c]]) == nil, "cut by the extract's edge: no ring")
        var areas = AdministrativeAreas()
        let square = areas.add(name: "Square", level: 8, outer: [[a, b, c, d, a]], inner: [])
        let open = areas.add(name: "Open", level: 8, outer: [[a, b, c]], inner: [])
        let country = areas.add(name: "Country", level: 2, outer: [[a, b, c, d, a]], inner: [])
        #expect(square && !open)
        #expect(!country, "not a city's level")
        #expect(areas.around(Coordinate(lon: 0.5, lat: 0.5)).city?.name == "Square")
        #expect(areas.around(Coordinate(lon: 1.5, lat: 0.5)).city == nil)
    }

    @Test func aPlaceTakesTheCityAndDistrictAroundIt() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let pbf = folder.appendingPathComponent("areas.osm.pbf")
        let cafe = { (name: String) in ["amenity": "cafe", "name": name] }
        try TinyPBF.osm(
            nodes: [
                (1, 60.00, 25.00, [:]), (2, 60.00, 25.20, [:]), (3, 60.10, 25.20, [:]), (4, 60.10, 25.00, [:]),
                (5, 60.02, 25.02, [:]), (6, 60.02, 25.08, [:]), (7, 60.05, 25.08, [:]), (8, 60.05, 25.02, [:]),
                (30, 60.03, 25.05, cafe("Kahvila Itä")), (31, 60.08, 25.15, cafe("Kahvila Keskus")),
                (32, 60.20, 25.50, cafe("Kahvila Ulkona")),
            ],
            ways: [(10, [1, 2, 3], [:]), (11, [4, 3], [:]), (12, [4, 1], [:]), (13, [5, 6, 7, 8, 5], [:])],
            relations: [
                (
                    20, [(10, "outer"), (11, "outer"), (12, "outer")],
                    ["type": "boundary", "boundary": "administrative", "admin_level": "8", "name": "Testby"]
                ),
                (
                    21, [(13, "outer")],
                    ["type": "boundary", "boundary": "administrative", "admin_level": "10", "name": "Östra"]
                ),
            ]
        ).write(to: pbf)
        let target = folder.appendingPathComponent("areas.gazetteer")
        try GazetteerBuilder(osm: [pbf], geoNames: [], categoryMapping: Fixtures.categoryMapping).build(to: target)
        let task = LocatorTask(gazetteer: target)
        func answer(_ latitude: Double, _ longitude: Double) async throws -> GeocodeResult? {
            let parameters = ReverseGeocodeParameters()
            parameters.featureTypes = [.poi]
            return try await task.reverseGeocode(
                forLocation: Point(latitude: latitude, longitude: longitude), parameters: parameters
            ).first
        }
        let east = try await answer(60.03, 25.05)
        #expect(text(east, "PlaceName") == "Kahvila Itä")
        #expect(text(east, "City") == "Testby" && text(east, "Neighborhood") == "Östra")
        let centre = try await answer(60.08, 25.15)
        #expect(text(centre, "City") == "Testby" && text(centre, "Neighborhood").isEmpty)
        let outside = try await answer(60.20, 25.50)
        #expect(text(outside, "PlaceName") == "Kahvila Ulkona" && text(outside, "City").isEmpty)
        // The district's and the city's words find the place too.
        let found = try await task.geocode(forSearchText: "Kahvila Itä, Testby").first
        #expect(text(found, "PlaceName") == "Kahvila Itä")
    }
}
