import Foundation
import Testing

@testable import OpenLocator

/// `locator build --geonames-alternate-names`: GeoNames' alternate names with their languages
/// (the `alternateNamesV2.txt` format, written here with broken rows), for a small cities
/// dump of three towns in three countries.
@Suite struct GeoNamesAlternateNamesTests {
    /// A 19-column cities dump (its alternate-names column without languages, as the dump has
    /// it), with GeoNames' countryInfo and admin1 tables beside it.
    static let cities = [
        "633679\tTurku\tTurku\tAbo,Åbo,Turku\t60.45148\t22.26869\tP\tPPLA\tFI\t\t02\t\t\t\t175945\t\t12\tEurope/Helsinki\t2024-01-01",
        "2673730\tStockholm\tStockholm\tStockholm\t59.32938\t18.06871\tP\tPPLC\tSE\t\t26\t\t\t\t1515017\t\t28\tEurope/Stockholm\t2024-01-01",
        "6058560\tLondon\tLondon\t\t42.98339\t-81.23304\tP\tPPL\tCA\t\t08\t\t\t\t346765\t\t252\tAmerica/Toronto\t2024-01-01",
        "2643743\tLondon\tLondon\t\t51.50853\t-0.12574\tP\tPPLC\tGB\t\tENG\t\t\t\t8961989\t\t25\tEurope/London\t2024-01-01",
        "2964574\tRiver Liffey\tRiver Liffey\t\t53.3\t-6.2\tH\tSTM\tIE\t\t\t\t\t\t0\t\t\t\t2024-01-01",
    ]

    /// alternateNameId, geonameid, isolanguage, name, isPreferredName, isShortName,
    /// isColloquial, isHistoric, from, to; broken rows on lines 13 and 14.
    static let alternateNames = [
        "1\t633679\tsv\tÅbo\t1\t\t\t\t\t",
        "2\t633679\tfi\tTurku\t1\t\t\t\t\t",
        "3\t633679\tla\tAboa\t\t\t\t1\t\t",  // historic: not kept
        "4\t633679\tlink\thttps://en.wikipedia.org/wiki/Turku\t\t\t\t\t\t",  // not a language
        "5\t633679\tru\tТурку\t\t\t\t\t\t",
        "6\t2673730\tfi\tTukholma\t\t\t\t\t\t",
        "7\t2673730\tsv\tStockholm\t1\t\t\t\t\t",
        "8\t2673730\tfi\tTukholma city\t\t1\t\t\t\t",  // a short form: the full one wins
        "9\t2673730\ten\tSthlm\t\t\t1\t\t\t",  // colloquial: not kept
        "10\t2643743\tfr\tLondres\t1\t\t\t\t\t",
        "11\t2643743\tfi\tLontoo\t1\t\t\t\t\t",
        "12\t2964574\tga\tAn Life\t\t\t\t\t\t",  // a river: not a place of the build
        "13\t633679\tsv",  // too few columns
        "14\tTurku\tsv\tÅbo\t\t\t\t\t\t",  // no id
    ]

    static let gazetteer = Result { () throws -> (url: URL, stderr: String) in
        let folder = try Fixtures.temporaryDirectory()
        let dump = folder.appendingPathComponent("cities.txt")
        try (cities.joined(separator: "\n") + "\n").write(to: dump, atomically: false, encoding: .utf8)
        for companion in ["countryInfo.txt", "admin1CodesASCII.txt"] {
            try FileManager.default.copyItem(
                at: Fixtures.sources.appendingPathComponent(companion), to: folder.appendingPathComponent(companion))
        }
        let names = folder.appendingPathComponent("alternateNamesV2.txt")
        try (alternateNames.joined(separator: "\n") + "\n").write(to: names, atomically: false, encoding: .utf8)
        let zipped = folder.appendingPathComponent("alternateNamesV2.zip")
        try TinyZip.write([TinyZip.Entry(name: "alternateNamesV2.txt", data: try Data(contentsOf: names))], to: zipped)
        let out = folder.appendingPathComponent("names.gazetteer")
        let build = try CLI.run([
            "build", "--geonames", dump.path, "--geonames-alternate-names", zipped.path, "--out", out.path,
        ])
        guard build.status == 0 else { throw LocatorError(.buildFailed, build.stderr) }
        return (out, build.stderr)
    }

    static func first(_ text: String, language: String? = nil, near: Point? = nil) async throws -> GeocodeResult? {
        let parameters = GeocodeParameters()
        parameters.outputLanguageCode = language
        parameters.preferredSearchLocation = near
        parameters.addResultAttributeName("*")
        return try await LocatorTask(gazetteer: gazetteer.get().url).geocode(forSearchText: text, using: parameters)
            .first
    }

    @Test func answersUseTheNameInTheLanguageAsked() async throws {
        #expect(text(try await Self.first("Turku", language: "sv"), "PlaceName") == "Åbo")
        #expect(text(try await Self.first("Turku", language: "ru"), "PlaceName") == "Турку")
        #expect(text(try await Self.first("Stockholm", language: "fi"), "PlaceName") == "Tukholma")
        // London, England in French and Finnish; London, Ontario has no names: its own.
        #expect(text(try await Self.first("London", language: "fr-FR"), "PlaceName") == "Londres")
        let ontario = try await Self.first("London, Ontario", language: "fi")
        #expect(text(ontario, "PlaceName") == "London" && text(ontario, "Country") == "CAN")
        // Without a language, a place asked by its own name keeps it.
        #expect(text(try await Self.first("Turku"), "PlaceName") == "Turku")
        // Historic names are not the name in that language.
        #expect(text(try await Self.first("Turku", language: "la"), "PlaceName") == "Turku")
    }

    /// The names find the place, which answers in the name it was asked by when no language is
    /// asked for (ArcGIS's "language of the primary matched component" of the text).
    @Test func theNamesFindThePlaceToo() async throws {
        let stockholm = try await Self.first("Tukholma")
        #expect(text(stockholm, "PlaceName") == "Tukholma" && text(stockholm, "Country") == "SWE")
        let london = try await Self.first("Lontoo")
        #expect(text(london, "PlaceName") == "Lontoo" && text(london, "Country") == "GBR")
        #expect(text(try await Self.first("Stockholm"), "PlaceName") == "Stockholm")
    }

    @Test func brokenRowsAreReportedByLineAndTheRestIsRead() throws {
        let stderr = try Self.gazetteer.get().stderr
        #expect(
            stderr.contains("alternateNamesV2.zip (geonames-alternate-names): 8 names, 2 rows skipped"), "\(stderr)")
        #expect(
            stderr.contains("line 13: expected the 8 or 10 tab-separated alternate-name columns, found 3"), "\(stderr)")
        #expect(stderr.contains("line 14: the geonameid is not a number"), "\(stderr)")
    }
}
