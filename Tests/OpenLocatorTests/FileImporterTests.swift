import Foundation
import Testing

@testable import OpenLocator

/// OpenAddresses, GeoNames and your own places (CSV, GeoJSON) on small files in their real
/// formats, malformed rows included: counted and reported by line, never fatal.
@Suite struct FileImporterTests {
    static let openAddresses = """
        LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH
        24.9550,60.1600,77,Testikuja,,Helsinki,,Uusimaa,00150,,a2
        24.9551,60.1601,79,Testikuja,B 4,Helsinki,,Uusimaa,00150,,a3
        abc,60.16,80,Testikuja,,Helsinki,,,00150,,bad1
        24.95,95.0,81,Testikuja,,Helsinki,,,00150,,bad2
        24.9552,60.1602,,Testikuja,,Helsinki,,,00150,,bad3
        "24.9553","60.1603","85","Testikuja",,"Helsinki",,,00150,,quoted
        24.9411762,60.1712728,1,Kaivokatu,,Helsinki,,,00100,,osm-has-it

        """

    static let geoJSON = """
        {"type":"FeatureCollection","name":"depots","features":[
        {"type":"Feature","geometry":{"type":"Point","coordinates":[24.95,60.17]},"properties":{"name":"Depot Seven","category":"Warehouse","street":"Testikuja","house_number":"7","city":"Helsinki","phone":"+358 1"}},
        {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[24.94,60.16],[24.96,60.16],[24.96,60.18],[24.94,60.16]]]},"properties":{"name":"Big Yard \\"quoted\\" {braces} [x]","category":"parking"}},
        {"type":"Feature","geometry":null,"properties":{"name":"Nowhere","category":"Warehouse"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[24.95,60.17]},"properties":{"name":"Odd","category":"Spaceport"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[24.95,60.17]},"properties":{"name":"Broken" "category":"Warehouse"}}
        ]}
        """

    static let placesCSV = #"""
        name,category,lat,lon,street,house_number,city,importance
        Kahvila Testi,Coffee Shop,60.1701,24.9390,Testikuja,5,Helsinki,0.3
        No Coords,Coffee Shop,,,,,,
        Too Important,Coffee Shop,60.17,24.94,,,,7
        "Kahvi, ""the good one""",cafe,60.1702,24.9391,,,,

        """#

    static func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    static func drain(_ reader: inout some PlaceFileReader) throws -> [PlaceRecord] {
        var places: [PlaceRecord] = []
        while let place = try reader.next() { places.append(place) }
        return places
    }

    @Test func openAddressesRowsBecomePointAddressesAndBadRowsAreReportedByLine() throws {
        let folder = try Fixtures.temporaryDirectory()
        var reader = try OpenAddressesReader(Self.write(Self.openAddresses, "oa.csv", in: folder).path)
        let places = try Self.drain(&reader)
        #expect(places.map(\.houseNumber) == ["77", "79", "85", "1"])
        #expect(
            places.allSatisfy {
                $0.addressType == .pointAddress && $0.street.hasPrefix("T") || $0.street == "Kaivokatu"
            })
        #expect(places[0].postal == "00150" && places[0].city == "Helsinki" && places[0].region == "Uusimaa")
        #expect(reader.summary.places == 4 && reader.summary.skipped == 3)
        #expect(
            reader.summary.firstSkipped.map(\.description) == [
                "oa.csv line 4: the coordinates are not numbers", "oa.csv line 5: the coordinates are off the globe",
                "oa.csv line 6: no NUMBER or STREET",
            ])
        let notOA = try Self.write("a,b\n1,2\n", "other.csv", in: folder)
        #expect(throws: LocatorError.self) { _ = try OpenAddressesReader(notOA.path) }
    }

    /// Coordinates with more digits than a double holds (as spreadsheets export them) read as
    /// `Double(_:)` reads them; a coordinate of any length never stops the build.
    @Test func coordinatesOfManyDigitsReadLikeAnyOther() throws {
        let folder = try Fixtures.temporaryDirectory()
        let csv = """
            LON,LAT,NUMBER,STREET
            24.93840000000000000001,60.16990000000000000000,1,Kaivokatu
            \(String(repeating: "9", count: 40)),60.17,2,Kaivokatu
            24.938400000000001,60.169900000000001,3,Kaivokatu

            """
        var reader = try OpenAddressesReader(Self.write(csv, "long.csv", in: folder).path)
        let places = try Self.drain(&reader)
        #expect(places.map(\.houseNumber) == ["1", "3"])
        #expect(places.map(\.longitude) == [24.9384, Double("24.938400000000001")!])
        #expect(places.map(\.latitude) == [60.1699, Double("60.169900000000001")!])
        #expect(
            reader.summary.firstSkipped.map(\.description) == ["long.csv line 3: the coordinates are off the globe"])
    }

    /// Long stages say how far they have got: chunks of places written, the share of a PBF read,
    /// and each step of the indexing.
    @Test func aBuildSaysHowFarEachStageHasGot() throws {
        let folder = try Fixtures.temporaryDirectory()
        var rows = ["LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH"]
        for n in 1...20_000 { rows.append("24.9\(n % 1000),60.1\(n / 1000),\(n),Testikuja,,Helsinki,,,00150,,") }
        var builder = GazetteerBuilder(
            osm: [Fixtures.helsinkiPBF], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        builder.openAddressesFiles = [try Self.write(rows.joined(separator: "\n"), "many.csv", in: folder)]
        builder.progressInterval = 0
        var lines: [String] = []
        try builder.build(to: folder.appendingPathComponent("g.gazetteer")) { lines.append($0) }
        let details = lines.map { String($0.drop { $0 != "]" }.dropFirst(2)) }  // without "[  1.2 s] "
        #expect(
            details.filter { $0.hasPrefix("  many.csv: ") } == [
                "  many.csv: 8192 places written", "  many.csv: 16384 places written",
                "  many.csv: 20000 places written",
            ])
        let read = details.filter { $0.hasPrefix("  Helsinki.osm.pbf: ") }.compactMap {
            Int($0.dropFirst("  Helsinki.osm.pbf: ".count).prefix { $0.isNumber })
        }
        #expect(read.count > 1 && read == read.sorted() && read.last == 100)
        #expect(
            details.contains("indexing: secondary indexes") && details.contains("indexing: places' R*Tree")
                && details.contains("indexing: full-text index")
        )
        #expect(details.last == "done")
    }

    /// OpenAddresses' current downloads: GeoJSON, a Feature per line (gzipped), or a collection.
    @Test func openAddressesGeoJSONReadsLikeItsCSV() throws {
        let folder = try Fixtures.temporaryDirectory()
        let lines = [
            #"{"type":"Feature","properties":{"hash":"a1","number":"77","street":"Testikuja","unit":"","city":"Helsinki","district":"","region":"Uusimaa","postcode":"00150","id":""},"geometry":{"type":"Point","coordinates":[24.955,60.16]}}"#,
            #"{"type":"Feature","properties":{"hash":"a2","number":"","street":"Testikuja"},"geometry":{"type":"Point","coordinates":[24.955,60.16]}}"#,
            #"{"type":"Feature","properties":{"hash":"a3","number":"79","street":"Testikuja"},"geometry":{"type":"LineString","coordinates":[[24.955,60.16],[24.956,60.16]]}}"#,
            #"{"type":"Feature","properties":{"hash":"a4","number":"81","street":"Testikuja"},"geometry":{"type":"Point","coordinates":[24.955,95.0]}}"#,
            #"{"type":"Feature","properties":{"number":"83" "street":"Testikuja"}}"#,
            #"{"type":"Feature","properties":{"hash":"a6","number":"85","street":"Testikuja","city":"","district":"Kallio"},"geometry":{"type":"Point","coordinates":[24.95,60.18]}}"#,
        ]
        let file = try Self.write(lines.joined(separator: "\n") + "\n", "fi-addresses.geojson", in: folder)
        var reader = try OpenAddressesReader(try Fixtures.gzip(file).path)
        let places = try Self.drain(&reader)
        #expect(places.map(\.houseNumber) == ["77", "85"])
        #expect(places[0].street == "Testikuja" && places[0].postal == "00150" && places[0].region == "Uusimaa")
        #expect(places[0].latitude == 60.16 && places[0].longitude == 24.955)
        #expect(places[0].source == "openaddresses:fi-addresses.geojson.gz:a1")
        #expect(places[1].city == "Kallio")  // the district when there is no city, as in the CSV
        #expect(reader.summary.places == 2 && reader.summary.skipped == 4)
        #expect(reader.summary.firstSkipped.map(\.line) == [2, 3, 4, 5])
        #expect(reader.summary.firstSkipped.first?.reason == "no NUMBER or STREET")

        let collection = try Self.write(
            #"{"type":"FeatureCollection","features":["# + lines[0] + "," + lines[5] + "]}", "collection.geojson",
            in: folder)
        var whole = try OpenAddressesReader(collection.path)
        #expect(try Self.drain(&whole).map(\.houseNumber) == ["77", "85"])
    }

    @Test(arguments: [1, 3, 64, 1 << 20])
    func geoJSONFeaturesStreamOneByOneWhateverTheBlockSize(blockSize: Int) throws {
        let folder = try Fixtures.temporaryDirectory()
        let url = try Self.write(Self.geoJSON, "places.geojson", in: folder)
        var features = GeoJSONFeatureReader(try ByteReader(path: url.path, blockSize: blockSize))
        var names: [String] = []
        var lines: [Int] = []
        var bad: [Int] = []
        while true {
            do {
                guard let (feature, line) = try features.next() else { break }
                names.append(feature["properties"]?["name"]?.text ?? "?")
                lines.append(line)
            } catch let error as GeoJSONFeatureReader.BadFeature {
                bad.append(error.line)
            }
        }
        #expect(names == ["Depot Seven", "Big Yard \"quoted\" {braces} [x]", "Nowhere", "Odd"])
        #expect(lines == [2, 3, 4, 5])
        #expect(bad == [6])
        // One feature per line (newline-delimited GeoJSON) reads the same way.
        let sequence = try Self.write(
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"name":"A"}}"# + "\n"
                + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[3,4]},"properties":{"name":"B"}}"#,
            "seq.geojsonl", in: folder)
        // A collection without "type" is still a collection, not one more feature.
        let untyped = try Self.write(
            #"{"bbox":[1,2,3,4],"features":[{"type":"Feature","properties":{"name":"Only"}}]}"#, "untyped.geojson",
            in: folder)
        var untypedReader = GeoJSONFeatureReader(try ByteReader(path: untyped.path, blockSize: blockSize))
        #expect(try untypedReader.next()?.feature["properties"]?["name"]?.text == "Only")
        #expect(try untypedReader.next() == nil)
        var seq = GeoJSONFeatureReader(try ByteReader(path: sequence.path, blockSize: blockSize))
        #expect(try seq.next()?.feature["properties"]?["name"]?.text == "A")
        #expect(try seq.next()?.line == 2)
        #expect(try seq.next() == nil)
    }

    @Test func ownPlacesFromGeoJSONAndCSVNeedANameACategoryAndALocation() throws {
        let folder = try Fixtures.temporaryDirectory()
        var geo = try OwnPlacesGeoJSONReader(Self.write(Self.geoJSON, "places.geojson", in: folder).path)
        let fromGeoJSON = try Self.drain(&geo)
        #expect(fromGeoJSON.map(\.name) == ["Depot Seven", "Big Yard \"quoted\" {braces} [x]"])
        #expect(fromGeoJSON[0].phone == "+358 1" && fromGeoJSON[0].houseNumber == "7")
        #expect(abs(fromGeoJSON[1].latitude - 60.17) < 1e-9 && abs(fromGeoJSON[1].longitude - 24.95) < 1e-9)
        #expect(geo.summary.skipped == 3)
        #expect(geo.summary.firstSkipped.map(\.line) == [4, 5, 6])
        #expect(geo.summary.firstSkipped[1].reason == "unknown category 'Spaceport'")
        var csv = try OwnPlacesCSVReader(Self.write(Self.placesCSV, "places.csv", in: folder).path)
        let fromCSV = try Self.drain(&csv)
        #expect(fromCSV.map(\.name) == ["Kahvila Testi", "Kahvi, \"the good one\""])
        #expect(
            fromCSV.map(\.category) == [
                CategoryTree.world["Coffee Shop"]!.code, CategoryTree.world["Coffee Shop"]!.code,
            ])
        #expect(fromCSV[0].importance == 0.3 && fromCSV[0].street == "Testikuja")
        #expect(
            csv.summary.firstSkipped.map(\.description) == [
                "places.csv line 3: the coordinates are not numbers",
                "places.csv line 4: importance '7' is not a number from 0 to 1",
            ])
    }

    @Test func aGeoJSONFileCutShortIsReportedNotSilentlyShort() throws {
        let folder = try Fixtures.temporaryDirectory()
        let cut = String(Self.geoJSON.prefix(Self.geoJSON.count / 2))
        var reader = try OwnPlacesGeoJSONReader(Self.write(cut, "cut.geojson", in: folder).path)
        let places = try Self.drain(&reader)
        #expect(places.map(\.name) == ["Depot Seven"])
        #expect(reader.summary.firstSkipped.last?.reason == "the file ends inside a feature (truncated?)")
    }

    @Test func geoNamesRowsThatCannotBeReadAreSkippedNotFatal() throws {
        let folder = try Fixtures.temporaryDirectory()
        let good =
            "658225\tHelsinki\tHelsinki\tHelsingfors\t60.16952\t24.93545\tP\tPPLC\tFI\t\t01\t091\t\t\t558457\t\t26\tEurope/Helsinki\t2019-01-01"
        let dump = try Self.write(
            [
                good, "too\tfew\tcolumns", "1\tNowhere\tNowhere\t\tnorth\t24.9\tP\tPPL\tFI\t\t01\t\t\t\t0\t\t\t\t",
                "2\tFar\tFar\t\t91\t24.9\tP\tPPL\tFI\t\t01\t\t\t\t0\t\t\t\t",
                "3\t\t\t\t60.1\t24.9\tP\tPPL\tFI\t\t01\t\t\t\t0\t\t\t\t",
            ].joined(separator: "\n"), "cities.txt", in: folder)
        let importer = try GeoNamesFile.read(dump)
        #expect(importer.places.map(\.name) == ["Helsinki"])
        #expect(importer.summary?.skipped == 4)
        #expect(
            importer.summary?.firstSkipped.map(\.description) == [
                "cities.txt line 2: expected the 19 tab-separated GeoNames columns, found 3",
                "cities.txt line 3: the coordinates are not numbers",
                "cities.txt line 4: the coordinates are off the globe", "cities.txt line 5: no name",
            ])
        let csv = try Self.write(
            "lat,lon,name,admin1,admin2,cc\n60.17,24.94,Helsinki,Uusimaa,,FI\nnorth,24.9,X,,,FI\n60.1,24.9,,,,FI\n60.1,24.9\n",
            "rg_cities1000.csv", in: folder)
        let fromCSV = try GeoNamesFile.read(csv)
        #expect(fromCSV.places.map(\.name) == ["Helsinki"])
        #expect(
            fromCSV.summary?.firstSkipped.map(\.description) == [
                "rg_cities1000.csv line 3: the coordinates are not numbers", "rg_cities1000.csv line 4: no name",
                "rg_cities1000.csv line 5: expected lat,lon,name,admin1,admin2,cc, found 2 columns",
            ])
        let garbage = try Self.write("just\tsome\ttext\n", "garbage.txt", in: folder)
        #expect(throws: LocatorError.self) { try GeoNamesFile.read(garbage) }
    }

    /// A build takes the archives as GeoNames hands them out, and own places as GeoJSON by the
    /// name under a compression suffix.
    @Test func aBuildReadsZippedGeoNamesAndCompressedGeoJSON() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let row =
            "658225\tHelsinki\tHelsinki\tHelsingfors\t60.16952\t24.93545\tP\tPPLC\tFI\t\t01\t091\t\t\t558457\t\t26\tEurope/Helsinki\t2019-01-01"
        let zip = folder.appendingPathComponent("cities500.zip")
        try TinyZip.write([.init(name: "cities500.txt", data: Data((row + "\n").utf8))], to: zip)
        let geoJSON = try Self.write(Self.geoJSON, "depots.geojson", in: folder)
        var builder = GazetteerBuilder(osm: [], geoNames: [zip], categoryMapping: Fixtures.categoryMapping)
        builder.placeFiles = [try Fixtures.gzip(geoJSON)]
        let output = folder.appendingPathComponent("z.gazetteer")
        let report = try builder.build(to: output)
        #expect(report.sources.map(\.name) == ["cities500.zip", "depots.geojson.gz"])
        #expect(report.sources.map(\.places) == [1, 2])
        let task = LocatorTask(gazetteer: output)
        #expect(try await task.geocode(forSearchText: "Helsingfors").first?.label.hasPrefix("Helsinki") == true)
        #expect(try await task.geocode(forSearchText: "Depot Seven").first?.label == "Depot Seven")
    }

    @Test func ownPlacesMaySeparateFieldsWithSemicolons() throws {
        let folder = try Fixtures.temporaryDirectory()
        let file = try Self.write(
            "name;category;lat;lon;street\nDepot, North;Warehouse;60,5;24,9;x\n\"Depot; South\";Warehouse;60.1;24.9;Kaivokatu\nBad;Warehouse;60,1,2;24.9;x\n",
            "depots.csv", in: folder)
        var reader = try OwnPlacesCSVReader(file.path)
        let places = try Self.drain(&reader)
        // A decimal comma ("60,5") is read as spreadsheets in many locales write it.
        #expect(places.map(\.name) == ["Depot, North", "Depot; South"])
        #expect(places.first?.latitude == 60.5 && places.first?.longitude == 24.9)
        #expect(places.last?.street == "Kaivokatu")
        #expect(reader.summary.skipped == 1 && reader.summary.firstSkipped.first?.line == 4)
    }

    /// An OpenAddresses CSV re-saved from a spreadsheet: a byte-order mark, semicolons, decimal
    /// commas, headers in another case and a street typed over two lines in its cell.
    @Test func openAddressesFromASpreadsheetReadAsItsCSV() throws {
        let folder = try Fixtures.temporaryDirectory()
        let file = try Self.write(
            "\u{FEFF}Lon;Lat;Number;Street;City\r\n24,955;60,16;7;\"Testi\r\n kuja\";Helsinki\r\n24.956;60.161;9;Testikuja\t;\tHelsinki\r\n",
            "oa-excel.csv", in: folder)
        var reader = try OpenAddressesReader(file.path)
        let places = try Self.drain(&reader)
        #expect(places.map(\.street) == ["Testi kuja", "Testikuja"])
        #expect(places.map(\.city) == ["Helsinki", "Helsinki"])
        #expect(places.first?.longitude == 24.955 && places.first?.latitude == 60.16)
        #expect(reader.summary.skipped == 0)
    }

    /// OpenAddresses writes UTF-8: one stray Latin-1 byte is one replacement character, not a
    /// reason to read the whole file as Windows-1252.
    @Test func aStrayByteInOpenAddressesSpoilsOnlyItsField() throws {
        let folder = try Fixtures.temporaryDirectory()
        let url = folder.appendingPathComponent("oa.csv")
        try
            (Array("LON,LAT,NUMBER,STREET,CITY\n24.95,60.16,1,Straße,Köln\n24.95,60.16,2,Caf".utf8) + [0xE9]
            + Array(",Köln\n".utf8)).withUnsafeBytes { try Data($0).write(to: url) }
        var reader = try OpenAddressesReader(url.path)
        let places = try Self.drain(&reader)
        #expect(places.map(\.street) == ["Straße", "Caf\u{FFFD}"])
        #expect(places.map(\.city) == ["Köln", "Köln"])
    }

    @Test func aBuildOfGeoNamesTablesAloneSaysTheyHoldNoPlaces() throws {
        let folder = try Fixtures.temporaryDirectory()
        let countries = try Self.write(
            "#ISO\tISO3\tISO-Numeric\tfips\tCountry\nFI\tFIN\t246\tFI\tFinland\t\t\t\t\t\t\t\t\t\t\t\t\t\t\n",
            "countryInfo.txt", in: folder)
        let outcome = try CLI.run(
            ["build", "--geonames", countries.path, "--out", folder.appendingPathComponent("o.gazetteer").path])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains(
                "Error: no places to write: none of the inputs is a file of places (GeoNames' countryInfo and admin1 tables only describe them)"
            ))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["countryInfo.txt"])
    }

    @Test(arguments: [
        ("LON,LAT,NUMBER,STREET\n", "no places to write: empty.csv: no places"),
        (
            "LON,LAT,NUMBER,STREET\nabc,60.1,1,Testikuja\n24.9,95,2,Testikuja\n",
            "no places to write: empty.csv: 2 rows skipped (empty.csv line 2: the coordinates are not numbers)"
        ),
        (
            "LON,LAT,NUMBER,STREET\n24.9,60.1,,Testikuja\n",
            "no places to write: empty.csv: 1 row skipped (empty.csv line 2: no NUMBER or STREET)"
        ),
    ])
    func aBuildWithNoPlacesFailsAndSaysWhy(csv: String, message: String) throws {
        let folder = try Fixtures.temporaryDirectory()
        let file = try Self.write(csv, "empty.csv", in: folder)
        let output = folder.appendingPathComponent("out.gazetteer")
        let outcome = try CLI.run(["build", "--openaddresses", file.path, "--out", output.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.split(separator: "\n").last == "Error: \(message)"[...])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["empty.csv"])
    }

    @Test func aCompanionTableNamedOnTheCommandLineWinsInAnyOrder() throws {
        let folder = try Fixtures.temporaryDirectory()
        let dumps = folder.appendingPathComponent("dumps")
        let mine = folder.appendingPathComponent("mine")
        for directory in [dumps, mine] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let dump = try Self.write(
            "658225\tHelsinki\tHelsinki\t\t60.16952\t24.93545\tP\tPPLC\tFI\t\t01\t\t\t\t558457\t\t\t\t\n",
            "cities.txt", in: dumps)
        _ = try Self.write("FI.01\tUusimaa\tUusimaa\t1\n", "admin1CodesASCII.txt", in: dumps)
        let named = try Self.write("FI.01\tNyland\tNyland\t1\n", "admin1CodesASCII.txt", in: mine)
        for order in [[dump, named], [named, dump]] {
            var importer = GeoNamesImporter()
            try importer.readCompanions(among: order)
            var reader = try importer.placeReader(for: dump)
            #expect(try reader.next()?.region == "Nyland", "\(order.map(\.path))")
        }
    }

    @Test func allKindsOfSourcesCombineIntoOneGazetteerThatInfoDescribes() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let target = folder.appendingPathComponent("combined.gazetteer")
        let build = try CLI.run([
            "build", "--osm", Fixtures.helsinkiPBF.path, "--openaddresses",
            Self.write(Self.openAddresses, "oa.csv", in: folder).path, "--places",
            Self.write(Self.geoJSON, "depots.geojson", in: folder).path,
            Self.write(Self.placesCSV, "cafes.csv", in: folder).path, "--out", target.path,
        ])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("bytes a place") && build.stdout.contains("places/s"))
        #expect(build.stderr.contains("oa.csv (openaddresses): 3 places, 1 duplicates left out, 3 rows skipped"))
        #expect(build.stderr.contains("skipped oa.csv line 4: the coordinates are not numbers"))
        #expect(build.stderr.contains("skipped depots.geojson line 5: unknown category 'Spaceport'"))
        let info = try CLI.run(["info", "--gazetteer", target.path])
        #expect(info.stdout.contains("Helsinki.osm.pbf (osm)"))
        #expect(info.stdout.contains("3  oa.csv (openaddresses), 3 rows skipped, 1 duplicates left out"))
        #expect(info.stdout.contains("2  depots.geojson (places), 3 rows skipped"))
        #expect(info.stdout.contains("2  cafes.csv (places), 2 rows skipped"))
        #expect(info.stdout.contains("OpenAddresses"))
        let task = LocatorTask(gazetteer: target)
        let address = try await task.geocode(forSearchText: "Testikuja 79, Helsinki").first
        #expect(address?.label == "Testikuja 79, 00150 Helsinki")
        let near = GeocodeParameters()
        near.preferredSearchLocation = Point(latitude: 60.17, longitude: 24.95)
        near.addCategory("Warehouse")
        #expect(try await task.geocode(forSearchText: "", using: near).first?.label == "Depot Seven")
        #expect(
            try await task.geocode(forSearchText: "Kahvila Testi").first?.attributeValues["Type"]?.stringValue
                == "Coffee Shop")
        // The OpenAddresses copy of an address OSM has is not a second result.
        let kaivokatu = try await task.geocode(forSearchText: "Kaivokatu 1, 00100 Helsinki")
        #expect(kaivokatu.filter { $0.label == "Kaivokatu 1, 00100 Helsinki" }.count == 1)
    }
}
