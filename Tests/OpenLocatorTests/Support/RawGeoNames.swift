import Foundation

@testable import OpenLocator

/// The repository's GeoNames files read by a parser of their own (not the importer), for
/// relevance truth that does not come from the code under test: every populated place of
/// `cities500.txt.gz` with its country, admin1 region name, population and feature code, and
/// the names in languages of `alternateNames.txt.gz`.
struct RawGeoNames: Sendable {
    struct Place: Sendable {
        /// The GeoNames id (`geonameid`).
        var id: Int
        var name: String
        var latitude: Double
        var longitude: Double
        /// ISO 3166 alpha-2.
        var countryCode: String
        var admin1Code: String
        /// The admin1 region's name, "" when the table has none.
        var region: String
        var population: Int
        /// `PPLC` (a capital), `PPLA` (a first-level seat), `PPLX` (a section of a city), …
        var featureCode = ""

        var location: Point { Point(latitude: latitude, longitude: longitude) }

        /// How prominent it is when people say its name alone: a capital, then a first-level
        /// seat, then by population (the test's own order).
        var prominence: (Int, Int, Int) {
            (featureCode == "PPLC" ? 1 : 0, featureCode == "PPLA" ? 1 : 0, population)
        }
    }

    struct Country: Sendable {
        var iso2: String
        var iso3: String
        var name: String
        var languages: String
    }

    var places: [Place] = []
    /// By ISO2.
    var countries: [String: Country] = [:]
    /// "US.MN" -> "Minnesota".
    var regions: [String: String] = [:]
    /// Each place's names in languages, by its id: ("it", "Roma"), ("sv", "Rom"), …
    var languageNames: [Int: [(language: String, name: String)]] = [:]

    /// A place's name in a language, or `nil`.
    func name(of place: Place, in language: String) -> String? {
        languageNames[place.id]?.first { $0.language == language }?.name
    }

    /// A qualifier lexicon made straight from the raw tables.
    var lexicon: QualifierLexicon {
        QualifierLexicon(
            countries: countries.values.map { ($0.iso2, $0.iso3, $0.name, $0.languages) },
            regions: regions.map { key, name in
                let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "", name)
            })
    }

    /// Read once per test process.
    static let shared: RawGeoNames = {
        do { return try read(Fixtures.sources) } catch { fatalError("cannot read the raw GeoNames files: \(error)") }
    }()

    static func read(_ folder: URL) throws -> RawGeoNames {
        var raw = RawGeoNames()
        let countryText = try String(contentsOf: folder.appendingPathComponent("countryInfo.txt"), encoding: .utf8)
        for line in countryText.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if f.count > 15 { raw.countries[f[0]] = Country(iso2: f[0], iso3: f[1], name: f[4], languages: f[15]) }
        }
        let admin1Text = try String(
            contentsOf: folder.appendingPathComponent("admin1CodesASCII.txt"), encoding: .utf8)
        for line in admin1Text.split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if f.count > 1 { raw.regions[f[0]] = f[1] }
        }
        for line in try gunzipped(folder.appendingPathComponent("alternateNames.txt.gz")).split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 4, let id = Int(f[1]) else { continue }
            raw.languageNames[id, default: []].append((String(f[2]), String(f[3])))
        }
        for line in try gunzipped(folder.appendingPathComponent("cities500.txt.gz")).split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 15, let latitude = Double(f[4]), let longitude = Double(f[5]) else { continue }
            let country = String(f[8]), admin1 = String(f[10])
            raw.places.append(
                Place(
                    id: Int(f[0]) ?? 0, name: String(f[1]), latitude: latitude, longitude: longitude,
                    countryCode: country,
                    admin1Code: admin1, region: raw.regions["\(country).\(admin1)"] ?? "",
                    population: Int(f[14]) ?? 0, featureCode: String(f[7])))
        }
        return raw
    }

    /// A gzipped file's text, by the system's gzip (not the library's inflater).
    private static func gunzipped(_ file: URL) throws -> String {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-dc", file.path]
        let pipe = Pipe()
        gzip.standardOutput = pipe
        try gzip.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
