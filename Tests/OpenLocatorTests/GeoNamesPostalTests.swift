import Foundation
import Testing

@testable import OpenLocator

/// `locator build --geonames-postal`: a GeoNames postal-code dump in its real format (12
/// tab-separated columns), written here with rows from six countries and rows that are broken
/// in each way a download can be; built with the Helsinki extract, whose addresses make postal
/// areas of their own for two of the same codes.
@Suite struct GeoNamesPostalTests {
    /// The dump, line by line: good rows, then the broken ones (lines 11 to 17).
    static let rows = [
        "FI\t00100\tHelsinki\tUusimaa\t18\tHelsinki\t091\t\t\t60.1719\t24.9414\t4",
        "FI\t00130\tHelsinki\tUusimaa\t18\tHelsinki\t091\t\t\t60.1640\t24.9450\t4",
        "US\t12345\tSchenectady\tNew York\tNY\tSchenectady\t093\t\t\t42.8142\t-73.9396\t4",
        "US\t90210\tBeverly Hills\tCalifornia\tCA\tLos Angeles\t037\t\t\t34.0901\t-118.4065\t4",
        "GB\tSW1A 1AA\tLondon\tEngland\tENG\tGreater London\t11609024\tCity of Westminster\tE09000033\t51.501\t-0.1416\t6",
        "NL\t1012 AB\tAmsterdam\tNoord-Holland\t07\tGemeente Amsterdam\t0363\t\t\t52.3731\t4.8932\t6",
        "CA\tK1A 0B1\tOttawa\tOntario\tON\t\t\t\t\t45.4215\t-75.6972\t6",
        "DE\t10115\tBerlin\tBerlin\t16\t\t00\tBerlin, Stadt\t11000\t52.5323\t13.3846\t4",
        "JP\t100-0001\tChiyoda\tTokyo To\t40\tChiyoda Ku\t1310100\t\t\t35.6852\t139.7528\t",
        "",
        "FI\t00999\tHelsinki",  // 11: too few columns
        "FIN\t00180\tHelsinki\tUusimaa\t18\tHelsinki\t091\t\t\t60.16\t24.92\t4",  // 12: a 3-letter country
        "FI\t\tHelsinki\tUusimaa\t18\tHelsinki\t091\t\t\t60.16\t24.92\t4",  // 13: no code
        "FI\t00140\tHelsinki\tUusimaa\t18\tHelsinki\t091\t\t\tabc\t24.95\t4",  // 14: not a number
        "FI\t00150\tHelsinki\tUusimaa\t18\tHelsinki\t091\t\t\t95.0\t24.95\t4",  // 15: off the globe
        "FI\tnone!\tHelsinki\tUusimaa\t18\tHelsinki\t091\t\t\t60.16\t24.95\t4",  // 16: no postcode
        "\u{FEFF}garbage line without tabs",  // 17
    ]

    /// The dump as `postal.txt`, `.gz` and `.zip`, beside GeoNames' countryInfo.txt.
    static let files = Result { () throws -> [URL] in
        let folder = try Fixtures.temporaryDirectory()
        let plain = folder.appendingPathComponent("postal.txt")
        try (rows.joined(separator: "\n") + "\n").write(to: plain, atomically: false, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Fixtures.sources.appendingPathComponent("countryInfo.txt"),
            to: folder.appendingPathComponent("countryInfo.txt"))
        let zip = folder.appendingPathComponent("postal.zip")
        try TinyZip.write([TinyZip.Entry(name: "allCountries.txt", data: try Data(contentsOf: plain))], to: zip)
        return [plain, try Fixtures.gzip(plain, keeping: true), zip]
    }

    /// Built by the real CLI, with the Helsinki extract, from the plain file.
    static let gazetteer = Result { () throws -> (url: URL, stderr: String) in
        let plain = try files.get()[0]
        let out = plain.deletingLastPathComponent().appendingPathComponent("postal.gazetteer")
        let build = try CLI.run([
            "build", "--osm", Fixtures.helsinkiPBF.path, "--geonames-postal", plain.path, "--out", out.path,
        ])
        guard build.status == 0 else { throw LocatorError(.buildFailed, build.stderr) }
        return (out, build.stderr)
    }

    static func find(_ text: String, max: Int = 10) async throws -> [GeocodeResult] {
        let parameters = GeocodeParameters()
        parameters.maxResults = max
        parameters.addResultAttributeName("*")
        return try await LocatorTask(gazetteer: gazetteer.get().url).geocode(forSearchText: text, using: parameters)
    }

    @Test func badRowsAreReportedByLineAndTheRestIsBuilt() throws {
        let stderr = try Self.gazetteer.get().stderr
        #expect(stderr.contains("postal.txt (geonames-postal): 9 places, 7 rows skipped"), "\(stderr)")
        for (line, reason) in [
            (11, "expected the 12 tab-separated GeoNames postal columns, found 3"),
            (12, "the country code 'FIN' is not two letters"), (13, "no postal code"),
            (14, "the coordinates are not numbers"), (15, "the coordinates are off the globe"),
            (16, "'none!' is not a postal code"),
            (17, "expected the 12 tab-separated GeoNames postal columns, found 1"),
        ] {
            let reported = stderr.split(separator: "\n").first { $0.contains("postal.txt line \(line):") }
            #expect(reported?.contains(reason) == true, "line \(line): \(reported ?? "not reported")")
        }
    }

    @Test(arguments: [
        ("12345, US", "12345", "Schenectady"), ("90210", "90210", "Beverly Hills"),
        ("Beverly Hills 90210", "90210", "Beverly Hills"), ("SW1A 1AA", "SW1A 1AA", "London"),
        ("SW1A1AA", "SW1A 1AA", "London"), ("1012 AB Amsterdam", "1012 AB", "Amsterdam"),
        ("K1A 0B1", "K1A 0B1", "Ottawa"), ("10115 Berlin", "10115", "Berlin"), ("Berlin 10115", "10115", "Berlin"),
        ("100-0001", "100-0001", "Chiyoda"), ("FI-00130", "00130", "Helsinki"), ("12345-6789", "12345", "Schenectady"),
        ("Beverly Hills 90210-1234", "90210", "Beverly Hills"), ("Schenectady, NY 12345", "12345", "Schenectady"),
    ])
    func eachRowIsAPostalArea(query: String, code: String, city: String) async throws {
        let first = try #require(try await Self.find(query).first, "\(query)")
        #expect(text(first, "Addr_type") == "Postal", "\(query): \(first.label)")
        #expect(text(first, "Postal") == code, "\(query): \(first.label)")
        #expect(text(first, "City") == city, "\(query): \(first.label)")
    }

    /// Where the dump gives a code, it stands for the area: the one the extract's addresses
    /// would make of 00100 is left out, and the dump's point answers.
    @Test func theDumpsAreaReplacesTheOneTheAddressesMake() async throws {
        let areas = try await Self.find("00100", max: 50).filter { text($0, "Addr_type") == "Postal" }
        #expect(areas.count == 1, "\(areas.map(\.label))")
        let point = try #require(areas.first?.displayLocation)
        #expect(point.distance(to: Point(latitude: 60.1719, longitude: 24.9414)) < 1)
        // Codes only the addresses have are still there.
        let madeHere = try await Self.find("00120", max: 50).filter { text($0, "Addr_type") == "Postal" }
        #expect(madeHere.count == 1, "\(madeHere.map(\.label))")
    }

    @Test func reverseFindsTheArea() async throws {
        let parameters = ReverseGeocodeParameters()
        parameters.featureTypes = [.postal]
        parameters.addResultAttributeName("*")
        let task = LocatorTask(gazetteer: try Self.gazetteer.get().url)
        let found = try await task.reverseGeocode(
            forLocation: Point(latitude: 34.0905, longitude: -118.4060), parameters: parameters)
        #expect(text(found.first, "Postal") == "90210")
    }

    /// The same file gzipped or zipped builds the same postal areas.
    @Test func gzipAndZipReadAsThePlainFile() throws {
        for file in try Self.files.get() {
            var builder = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
            builder.geoNamesPostalFiles = [file]
            let out = file.deletingLastPathComponent().appendingPathComponent("\(file.lastPathComponent).gazetteer")
            let report = try builder.build(to: out)
            #expect(report.counts["Postal"] == 9, "\(file.lastPathComponent)")
            #expect(report.sources.first?.skipped == 7, "\(file.lastPathComponent)")
            #expect(report.sources.first?.firstSkipped.first?.line == 11, "\(file.lastPathComponent)")
        }
    }

    @Test func aFileWithNoPostalRowIsRefusedAndNothingIsWritten() throws {
        let folder = try Fixtures.temporaryDirectory()
        let bad = folder.appendingPathComponent("cities.txt")
        try "just\ttwo\ncolumns\there\n".write(to: bad, atomically: false, encoding: .utf8)
        let out = folder.appendingPathComponent("none.gazetteer")
        let result = try CLI.run(["build", "--geonames-postal", bad.path, "--out", out.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("is not a GeoNames postal-code file"), "\(result.stderr)")
        #expect(!result.stderr.contains(folder.path), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
