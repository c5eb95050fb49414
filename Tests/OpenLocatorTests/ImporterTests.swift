import Foundation
import Testing

@testable import OpenLocator

@Suite struct ImporterTests {
    static let dumpLines = [
        "658225\tHelsinki\tHelsinki\tHelsingfors,Хельсинки,HEL\t60.16952\t24.93545\tP\tPPLC\tFI\t\t01\t\t\t\t558457\t\t\tEurope/Helsinki\t",
        "4250542\tSpringfield\tSpringfield\tSpringfield,Спрингфилд\t39.80172\t-89.64371\tP\tPPLA\tUS\t\tIL\t\t\t\t116565\t\t\tAmerica/Chicago\t",
        "1\tA Lake\tA Lake\t\t10\t10\tH\tLK\tFI\t\t01\t\t\t\t0\t\t\t\t",
    ].joined(separator: "\n")

    @Test func readsGeoNamesDumpsWithRegionAndCountryNamesBesideThem() throws {
        let folder = try Fixtures.temporaryDirectory()
        try Self.dumpLines.write(to: folder.appendingPathComponent("cities.txt"), atomically: false, encoding: .utf8)
        try "FI.01\tUusimaa\tUusimaa\t830709\nUS.IL\tIllinois\tIllinois\t4896861\n"
            .write(to: folder.appendingPathComponent("admin1CodesASCII.txt"), atomically: false, encoding: .utf8)
        try "#ISO\tISO3\n#x\nFI\tFIN\t246\tFI\tFinland\tHelsinki\nUS\tUSA\t840\tUS\tUnited States\tWashington\n"
            .write(to: folder.appendingPathComponent("countryInfo.txt"), atomically: false, encoding: .utf8)
        let importer = try GeoNamesFile.read(folder.appendingPathComponent("cities.txt"))
        #expect(importer.places.map(\.name) == ["Helsinki", "Springfield"])
        let helsinki = importer.places[0]
        #expect(helsinki.region == "Uusimaa")
        #expect(helsinki.country == "FIN")
        #expect(helsinki.population == 558_457)
        #expect(helsinki.alternateNames.contains("Хельсинки"))
        #expect(importer.places[1].region == "Illinois")
        #expect(helsinki.importance > importer.places[1].importance)
    }

    /// Alternate names: the comma-separated list split into names (Latin-script ones only for
    /// small places), then folded, each kept once, sorted, without the place's own name.
    @Test func alternateNamesAreSplitFilteredFoldedAndKeptOnce() {
        let list = "Helsingfors,Хельсинки,,Helsinki,HELSINGFORS,Hèlsinki,Ḩelsinki,赫尔辛基,Stadi"
        #expect(
            GeoNamesImporter.searchableAlternateNames(list, keepAllScripts: true) == [
                "Helsingfors", "Хельсинки", "Helsinki", "HELSINGFORS", "Hèlsinki", "Ḩelsinki", "赫尔辛基", "Stadi",
            ])
        #expect(
            GeoNamesImporter.searchableAlternateNames(list, keepAllScripts: false) == [
                "Helsingfors", "Helsinki", "HELSINGFORS", "Hèlsinki", "Ḩelsinki", "Stadi",
            ])
        #expect(GeoNamesImporter.searchableAlternateNames("", keepAllScripts: true).isEmpty)
        var place = PlaceRecord(
            name: "Helsinki", addressType: .locality, category: 0, longitude: 24.9, latitude: 60.2, importance: 1,
            source: "test")
        place.alternateNames = GeoNamesImporter.searchableAlternateNames(list, keepAllScripts: true)
        // (Second in its chunk, so the name it is compared with is its own, not the first row's.)
        var first = place
        (first.name, first.alternateNames) = ("Espoo", ["Esbo", "Espoo"])
        var chunk = PlaceRowChunk()
        chunk.append(first, locality: [])
        chunk.append(place, locality: [])
        let folded = chunk.withColumns { String(decoding: $0(.searchAlternateNames, 1), as: UTF8.self) }
            .components(separatedBy: " ; ")
        #expect(chunk.withColumns { String(decoding: $0(.searchName, 1), as: UTF8.self) } == "helsinki")
        #expect(chunk.withColumns { String(decoding: $0(.searchAlternateNames, 0), as: UTF8.self) } == "esbo")
        // ("Хельсинки", "Hèlsinki" and "Ḩelsinki" fold to the name itself, "HELSINGFORS" to
        // "helsingfors" again, and the Han name to its reading.)
        #expect(folded == ["he er xin ji", "helsingfors", "stadi"])
    }

    /// A chain is a folded name three or more POIs share, shown as its first POI writes it;
    /// counting keeps only a hash of each name, so the name is read back from that POI.
    @Test func chainsAreNamedAsTheirFirstPOIAndNeedThreePlaces() throws {
        var builder = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        func place(_ name: String, _ category: String = "Convenience Store") -> GazetteerPlace {
            GazetteerPlace(name: name, category: category, latitude: 60.17, longitude: 24.94)
        }
        builder.places = [
            place("R-Kioski"), place("Solo Café", "Coffee Shop"), place("R-KIOSKI"), place("r kioski"),
            place("Solo Cafe", "Coffee Shop"), place("Helsinki", "City"), place("Helsinki", "City"),
            place("Helsinki", "City"),
        ]
        let output = try Fixtures.temporaryDirectory().appendingPathComponent("chains.gazetteer")
        try builder.build(to: output)
        let connection = try SQLiteConnection(path: output.path)
        var chains: [String] = []
        try connection.statement("SELECT name_key, name, places FROM chains ORDER BY name_key").forEachRow {
            chains.append("\($0.text(0))|\($0.text(1))|\($0.int(2))")
        }
        #expect(chains == ["r kioski|R-Kioski|3"])  // two cafés are no chain; localities never are
    }

    @Test func readsTheReverseGeocoderCSVAndRejectsMalformedFiles() throws {
        let folder = try Fixtures.temporaryDirectory()
        let csv = folder.appendingPathComponent("cities.csv")
        try "lat,lon,name,admin1,admin2,cc\n34.0259,-118.7798,Malibu,California,Los Angeles County,US\n"
            .write(to: csv, atomically: false, encoding: .utf8)
        let importer = try GeoNamesFile.read(csv)
        #expect(importer.places.first?.name == "Malibu")
        #expect(importer.places.first?.region == "California")

        let bad = folder.appendingPathComponent("bad.txt")
        try "1\tonly\tthree\n".write(to: bad, atomically: false, encoding: .utf8)
        #expect { try GeoNamesFile.read(bad) } throws: { error in
            (error as? LocatorError)?.code == .invalidInput && "\(error)".contains("line 1")
        }
    }

    @Test func aFailedBuildLeavesTheTargetAsItWasAndNoPartialFile() throws {
        let folder = try Fixtures.temporaryDirectory()
        let target = folder.appendingPathComponent("out.gazetteer")
        // The previous gazetteer: a small real one (a build replaces nothing else).
        let own = folder.appendingPathComponent("own.csv")
        try "name,category,lat,lon\nDepot One,Warehouse,60.17,24.94\n".write(
            to: own, atomically: false, encoding: .utf8)
        var previous = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        previous.placeFiles = [own]
        try previous.build(to: target)
        let previousBytes = try Data(contentsOf: target)
        let truncated = folder.appendingPathComponent("truncated.osm.pbf")
        try Data(try Data(contentsOf: Fixtures.helsinkiPBF).prefix(100_000)).write(to: truncated)
        let builder = GazetteerBuilder(osm: [truncated], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        #expect { try builder.build(to: target) } throws: { ($0 as? LocatorError)?.code == .invalidInput }
        #expect(try Data(contentsOf: target) == previousBytes)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "out.gazetteer", "own.csv", "truncated.osm.pbf",
            ])
    }

    @Test func aBuildNeverReplacesOneOfItsSourcesOrAFileThatIsNoGazetteer() throws {
        let folder = try Fixtures.temporaryDirectory()
        let own = folder.appendingPathComponent("own.csv")
        let text = "name,category,lat,lon\nDepot One,Warehouse,60.17,24.94\n"
        try text.write(to: own, atomically: false, encoding: .utf8)
        let notes = folder.appendingPathComponent("notes.txt")
        try "keep me".write(to: notes, atomically: false, encoding: .utf8)
        var builder = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        builder.placeFiles = [own]
        // The source itself, also through another spelling of its path.
        let sameThroughDots = URL(fileURLWithPath: folder.path + "/./own.csv")
        for target in [own, sameThroughDots] {
            #expect { try builder.build(to: target) } throws: {
                "\($0)".contains("is one of the input files") && ($0 as? LocatorError)?.code == .invalidParameter
            }
        }
        #expect { try builder.build(to: notes) } throws: { "\($0)".contains("exists and is not a gazetteer") }
        #expect(try String(contentsOf: own, encoding: .utf8) == text)
        #expect(try String(contentsOf: notes, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.txt", "own.csv"])
    }

    @Test func buildsAGazetteerFromTheHelsinkiExtractAlone() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let target = folder.appendingPathComponent("helsinki.gazetteer")
        let report = try GazetteerBuilder(
            osm: [Fixtures.helsinkiPBF], geoNames: [], categoryMapping: Fixtures.categoryMapping
        )
        .build(to: target)
        #expect((report.counts["POI"] ?? 0) > 1000)
        #expect((report.counts["PointAddress"] ?? 0) > 500)
        #expect((report.counts["StreetName"] ?? 0) > 100)
        let info = try await LocatorTask(gazetteer: target).locatorInfo
        #expect((info.categoryCounts["Coffee Shop"] ?? 0) >= 80)
        #expect(info.attribution.contains(Attribution.openStreetMap))
    }

    @Test func gazetteersOfEarlierCompatibleSchemasStillOpenAndOthersSayRebuild() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let own = folder.appendingPathComponent("own.csv")
        try "name,category,lat,lon\nDepot One,Warehouse,60.17,24.94\n".write(
            to: own, atomically: false, encoding: .utf8)
        for (version, opens) in [
            (GazetteerSchema.oldestReadableVersion, true), (GazetteerSchema.version, true),
            (GazetteerSchema.oldestReadableVersion - 1, false), (GazetteerSchema.version + 1, false),
        ] {
            let target = folder.appendingPathComponent("v\(version).gazetteer")
            var builder = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
            builder.placeFiles = [own]
            try builder.build(to: target)
            let connection = try SQLiteConnection(path: target.path, writable: true)
            try connection.execute("UPDATE meta SET value = '\(version)' WHERE key = 'schema_version'")
            do {
                let results = try await LocatorTask(gazetteer: target).geocode(forSearchText: "Depot One")
                #expect(opens && results.first?.label == "Depot One", "schema \(version)")
            } catch {
                #expect(!opens, "schema \(version): \(error)")
                #expect("\(error)".contains("rebuild it with 'locator build'"))
            }
        }
    }

    @Test func everyPOIHasAnAddressWhenAStreetLiesWithin200Metres() throws {
        let gazetteer = try Fixtures.defaultGazetteerURL()
        let db = try SQLiteConnection(path: gazetteer.path)
        var segments: [(Coordinate, Coordinate)] = []
        try db.statement("SELECT lon1, lat1, lon2, lat2 FROM street_segments").forEachRow {
            segments.append(
                (Coordinate(lon: $0.double(0), lat: $0.double(1)), Coordinate(lon: $0.double(2), lat: $0.double(3))))
        }
        let pois = try allPlaces(in: gazetteer, category: #require(CategoryTree.world["POI"]))
        #expect(pois.count > 1000)
        var checked = 0
        for poi in pois {
            let here = Coordinate(lon: poi.longitude, lat: poi.latitude)
            let nearStreet = segments.contains { OSMGeometry.nearestPoint(on: $0.0, $0.1, to: here).1 <= 200 }
            if nearStreet {
                checked += 1
                #expect(!poi.placeAddress.isEmpty, "\(poi.name) has no Place_addr")
            }
        }
        #expect(checked > 1000)
    }

    @Test func placesAreaCentroidsAndLineMiddles() {
        let square = [(0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, 0.0), (0.0, 0.0)].map {
            Coordinate(lon: $0.0 * 0.001, lat: 60 + $0.1 * 0.001)
        }
        let centroid = OSMGeometry.areaCentroid(square)!.centroid
        #expect(abs(centroid.lon - 0.0005) < 1e-9 && abs(centroid.lat - 60.0005) < 1e-9)
        let line = [Coordinate(lon: 0, lat: 60), Coordinate(lon: 0, lat: 60.001), Coordinate(lon: 0, lat: 60.003)]
        #expect(abs(OSMGeometry.midpoint(line)!.lat - 60.0015) < 1e-9)
        #expect(OSMGeometry.representativePoint([]) == nil)
    }
}

@Suite struct DuplicatePlacesTests {
    func cafe(_ name: String, _ lat: Double, _ lon: Double, street: String = "") -> PlaceRecord {
        var place = PlaceRecord(
            name: name, addressType: .poi, category: CategoryTree.world["Coffee Shop"]!.code, longitude: lon,
            latitude: lat, importance: 0.1, source: "test")
        place.street = street
        return place
    }

    @Test func theSamePlaceMappedTwiceAppearsOnceWithTheDetailsOfBoth() {
        var merged = [
            cafe("Café Java", 60.17000, 24.94000),
            cafe("CAFE JAVA", 60.17020, 24.94010, street: "Mannerheimintie"),
        ]
        DuplicatePlaces.mergePOIs(in: &merged)
        #expect(merged.count == 1)
        #expect(merged[0].name == "Café Java")
        #expect(merged[0].street == "Mannerheimintie")
    }

    @Test func branchesOfAChainAndDifferentPlacesStay() {
        var merged = [
            cafe("Espresso House", 60.1700, 24.9400), cafe("Espresso House", 60.1720, 24.9400),
            cafe("Robert's Coffee", 60.1700, 24.9400),
        ]
        DuplicatePlaces.mergePOIs(in: &merged)
        #expect(merged.count == 3)
    }

    @Test func theDefaultGazetteerHasNoPOIMappedTwice() throws {
        let pois = try allPlaces(in: Fixtures.defaultGazetteerURL(), category: #require(CategoryTree.world["POI"]))
        var seen: [String: [PlaceRecord]] = [:]
        for poi in pois {
            let key = "\(poi.category)|\(TextFolding.fold(poi.name))"
            #expect(!(seen[key] ?? []).contains { $0.location.distance(to: poi.location) <= DuplicatePlaces.poiRadius })
            seen[key, default: []].append(poi)
        }
    }
}
