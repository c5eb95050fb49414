import Foundation
import Testing

@testable import OpenLocator

/// OSM geometry kept on disk: node locations and way node lists read back by id, and a PBF
/// with clipped ways and multipolygons imported through them.
@Suite struct OSMGeometryStoreTests {
    @Test func nodesAndWaysComeBackByIdInAnyOrder() throws {
        let store = try OSMGeometryStore()
        for id in stride(from: 2 as Int64, through: 200_000, by: 2) {
            try store.addNode(id: id, at: Coordinate(lon: Double(id) / 1e4 - 10, lat: -Double(id) / 1e5))
        }
        try store.addNode(id: 1, at: Coordinate(lon: 1, lat: 1))  // out of order: kept aside
        let found = try #require(try store.node(123_456))
        #expect(abs(found.lon - 2.3456) < 1e-7 && abs(found.lat + 1.23456) < 1e-7)
        #expect(try store.node(3) == nil)
        #expect(try store.node(1) == Coordinate(lon: 1, lat: 1))
        #expect(try store.node(200_002) == nil)
        try store.addWay(id: 9, refs: [2, 4, 6])
        try store.addWay(id: 5, refs: [8])  // out of order: sorted when first read
        try store.addWay(id: 7, refs: [])
        #expect(try store.wayNodes(5) == [8])
        #expect(try store.wayNodes(9) == [2, 4, 6])
        #expect(try store.wayNodes(7) == [])
        #expect(try store.wayNodes(6) == nil)
        try store.addWay(id: 11, refs: [10])  // after reading began: kept aside
        #expect(try store.wayNodes(11) == [10])
    }

    @Test func clippedWaysAndMultipolygonsAreLocatedFromWhatTheFileHas() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let pbf = folder.appendingPathComponent("clipped.osm.pbf")
        // A square park as a multipolygon's outer way; a street whose third node lies outside
        // the extract; a named cafe way with no node in the file; a relation whose way is
        // missing; and a building ring with an address.
        try TinyPBF.osm(
            nodes: [
                (1, 60.100, 24.900, [:]), (2, 60.100, 24.910, [:]), (3, 60.110, 24.910, [:]),
                (4, 60.110, 24.900, [:]), (5, 60.120, 24.900, [:]), (6, 60.120, 24.920, [:]),
                (7, 60.130, 24.930, [:]), (8, 60.130, 24.931, [:]), (9, 60.131, 24.931, [:]),
            ],
            ways: [
                (10, [1, 2, 3, 4, 1], [:]),
                (11, [5, 6, 999], ["highway": "residential", "name": "Clippedkatu"]),
                (12, [998, 997], ["amenity": "cafe", "name": "Ghost Cafe"]),
                (13, [7, 8, 9, 7], ["building": "yes", "addr:street": "Clippedkatu", "addr:housenumber": "3"]),
            ],
            relations: [
                (100, [(10, "outer")], ["type": "multipolygon", "leisure": "park", "name": "Square Park"]),
                (101, [(555, "outer")], ["type": "multipolygon", "leisure": "park", "name": "Lost Park"]),
            ]
        ).write(to: pbf)
        let target = folder.appendingPathComponent("clipped.gazetteer")
        let builder = GazetteerBuilder(osm: [pbf], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        try builder.build(to: target)
        let task = LocatorTask(gazetteer: target)
        let park = try #require(try await task.geocode(forSearchText: "Square Park").first)
        #expect(park.attributeValues["Type"]?.stringValue == "Park")
        #expect(try #require(park.displayLocation).distance(to: Point(latitude: 60.105, longitude: 24.905)) < 50)
        // ("Lost Park" still finds Square Park by its word "park", as a weaker match.)
        #expect(try await !task.geocode(forSearchText: "Lost Park").contains { $0.label == "Lost Park" })
        #expect(try await !task.geocode(forSearchText: "Ghost Cafe").contains { $0.label == "Ghost Cafe" })
        let street = try #require(try await task.geocode(forSearchText: "Clippedkatu").first)
        #expect(street.attributeValues["Addr_type"]?.stringValue == "StreetName")
        // The street is made of the two nodes present: its point lies between them.
        let point = try #require(street.displayLocation)
        #expect(abs(point.y - 60.12) < 1e-6 && point.x >= 24.9 && point.x <= 24.92)
        let address = try #require(try await task.geocode(forSearchText: "Clippedkatu 3").first)
        #expect(address.attributeValues["Addr_type"]?.stringValue == "PointAddress")
        #expect(try #require(address.displayLocation).distance(to: Point(latitude: 60.1303, longitude: 24.9307)) < 100)
    }
}
