import Foundation
import Testing

@testable import OpenLocator

/// Inputs at the edges: the ±180° line, filters that exclude the search point, repeated
/// categories, corrupt coordinates.
@Suite struct RobustnessTests {
    @Test func searchesAcrossTheAntimeridian() async throws {
        let task = try Fixtures.task()
        let city = try #require(CategoryTree.world["City"])
        let cities = try allPlaces(in: Fixtures.defaultGazetteerURL(), category: city)
        for point in [Point(latitude: -18.13, longitude: -179.99), Point(latitude: 66.3, longitude: 179.99)] {
            let parameters = GeocodeParameters()
            parameters.preferredSearchLocation = point
            parameters.addCategory("City")
            parameters.maxResults = 3
            parameters.addResultAttributeName("Distance")
            let results = try await task.geocode(forSearchText: "", using: parameters)
            let truth = cities.map { point.distance(to: $0.location) }.sorted().prefix(3)
            let got = results.compactMap { $0.attributeValues["Distance"]?.doubleValue }
            #expect(got.count == 3)
            #expect(zip(got, truth).allSatisfy { abs($0 - $1) < 0.01 }, "at \(point): \(got) vs \(Array(truth))")
        }
        // The default gazetteer's cafés are all in Helsinki: none lies within 50 km of the
        // Pacific, and the answer says where they are rather than list Helsinki's.
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Point(latitude: 10, longitude: -170)
        parameters.addCategory("Coffee Shop")
        let response = try await task.geocodeResponse(forSearchText: "", using: parameters)
        #expect(response.results.isEmpty)
        #expect(response.coverage?.areas.first?.source == "Helsinki.osm.pbf")
        parameters.maxDistance = 20_000_000
        #expect(try await task.geocode(forSearchText: "", using: parameters).count == 10)
        #expect(try await task.identify(at: Point(latitude: 60.17, longitude: -180), tolerance: 25) == nil)
    }

    @Test func aSearchPointOutsideTheSearchAreaStillFindsPlacesInIt() async throws {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.searchArea = Envelope(xmin: 20, ymin: 55, xmax: 30, ymax: 59.9)
        parameters.addCategory("City")
        parameters.maxResults = 3
        let results = try await Fixtures.task().geocode(forSearchText: "", using: parameters)
        #expect(results.count == 3)
        #expect(results.allSatisfy { $0.displayLocation.map(parameters.searchArea!.contains) == true })
    }

    @Test func repeatedAndNestedCategoriesGiveEachPlaceOnce() async throws {
        for categories in [["cafe", "coffee"], ["Food", "Coffee Shop"], Array(repeating: "cafe", count: 2000)] {
            let parameters = GeocodeParameters()
            parameters.preferredSearchLocation = Fixtures.helsinkiCentre
            parameters.addCategories(categories)
            parameters.maxResults = 20
            let results = try await Fixtures.task().geocode(forSearchText: "", using: parameters)
            #expect(results.count == 20)
            #expect(Set(results.map { "\($0.label)|\($0.displayLocation!)" }).count == 20)
        }
    }

    @Test func aCommonWordStillFindsTheMatchNextToTheUser() async throws {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Point(latitude: 40.77354, longitude: 9.66929)
        parameters.maxResults = 5
        let results = try await Fixtures.task().geocode(forSearchText: "san", using: parameters)
        #expect(results.contains { $0.label.hasPrefix("San Teodoro") })
    }

    @Test func reverseLocalityHonoursMaxDistanceWhenAskedForExplicitly() async throws {
        let parameters = ReverseGeocodeParameters()
        parameters.featureTypes = [.locality]
        parameters.maxDistance = 100
        let point = Point(latitude: 60.40, longitude: 25.30)
        #expect(try await Fixtures.task().reverseGeocode(forLocation: point, parameters: parameters).isEmpty)
        parameters.maxDistance = 50_000
        #expect(try await Fixtures.task().reverseGeocode(forLocation: point, parameters: parameters).count == 1)
    }

    @Test func outFieldsStarGivesEachOperationItsOwnFields() async throws {
        let geocode = GeocodeParameters()
        geocode.addResultAttributeName("*")
        let candidate = try #require(
            try await Fixtures.task().geocode(forSearchText: "Stockmann", using: geocode).first)
        #expect(candidate.attributes["PlaceName"] != nil && candidate.attributes["Xmin"] != nil)
        #expect(candidate.attributes["CountryCode"] == nil)
        let address = try #require(try await Fixtures.task().reverseGeocode(forLocation: Fixtures.helsinkiCentre).first)
        #expect(address.attributes["CountryCode"] != nil && address.attributes["Address"] != nil)
        #expect(address.attributes["Loc_name"] == nil)
        // The same "*" asked of reverse geocoding after geocoding: still the reverse fields.
        let reverse = ReverseGeocodeParameters()
        reverse.addResultAttributeName("*")
        let starred = try #require(
            try await Fixtures.task().reverseGeocode(forLocation: Fixtures.helsinkiCentre, parameters: reverse).first)
        #expect(starred.attributes["CountryCode"] != nil && starred.attributes["Xmin"] == nil)
        // Names are matched whatever their case and keyed as spelled; an unknown one is an error
        // every time it is asked.
        let spelled = GeocodeParameters()
        spelled.addResultAttributeName("placename, DISTANCE")
        let named = try #require(try await Fixtures.task().geocode(forSearchText: "Stockmann", using: spelled).first)
        #expect(Set(named.attributes.keys) == ["placename", "DISTANCE"])
        let unknown = GeocodeParameters()
        unknown.addResultAttributeName("PlaceName,Bogus")
        for _ in 0..<2 {
            await #expect {
                _ = try await Fixtures.task().geocode(forSearchText: "Stockmann", using: unknown)
            } throws: {
                ($0 as? LocatorError)?.message.contains("unknown result attribute 'Bogus'") == true
            }
        }
    }

    @Test func nodesOffTheGlobeInACorruptExtractAreLeftOut() throws {
        let folder = try Fixtures.temporaryDirectory()
        let pbf = folder.appendingPathComponent("off.osm.pbf")
        try TinyPBF.oneCafe(latitude: 95, longitude: 500).write(to: pbf)
        let target = folder.appendingPathComponent("off.gazetteer")
        let builder = GazetteerBuilder(osm: [pbf], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        // Its one node left out, the extract has nothing to write, and says so.
        #expect {
            try builder.build(to: target)
        } throws: {
            ($0 as? LocatorError)?.message == "no places to write: off.osm.pbf: no places"
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        try TinyPBF.oneCafe(latitude: 60.17, longitude: 24.94).write(to: pbf)
        #expect(try builder.build(to: target).counts["POI"] == 1)
    }

    @Test func tablesPadNamesWithCombiningMarks() {
        let place = Point(latitude: 0, longitude: 0)
        let results = ["Kāz̧emābād", "Ab"].map {
            GeocodeResult(
                label: $0, displayLocation: place, routeLocation: place, score: 100,
                attributes: ["PlaceName": .string($0), "Type": "City", "Place_addr": "x"], extent: nil)
        }
        let lines = TableFormatter.table(results, showDistance: false).split(separator: "\n")
        #expect(lines[1].contains("Kāz̧emābād  City"))
        // "City" starts at the same character column on both lines.
        let columns = lines.dropFirst().map { $0.distance(from: $0.startIndex, to: $0.range(of: "City")!.lowerBound) }
        #expect(columns[0] == columns[1])
    }

    @Test func aGazetteerOpensWhateverItsFileIsCalled() async throws {
        // Read connections open the file through a SQLite URI; no name may read as a parameter.
        let folder = try Fixtures.temporaryDirectory().appendingPathComponent("odd %41 folder#")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let odd = folder.appendingPathComponent("x?immutable=0&mode=rwc #1 café.gazetteer")
        try FileManager.default.linkItem(at: Fixtures.defaultGazetteerURL(), to: odd)
        let found = try await LocatorTask(gazetteer: odd).geocode(forSearchText: "Stockmann")
        #expect(found.first?.label.contains("Stockmann") == true)
        #expect(SQLiteConnection.uriEscaped("/a b/c?d#e%f") == "/a%20b/c%3Fd%23e%25f")
        await #expect(throws: LocatorError.self) {
            _ = try await LocatorTask(gazetteer: folder.appendingPathComponent("x")).geocode(forSearchText: "x")
        }
    }
}
