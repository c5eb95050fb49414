import Foundation

@testable import OpenLocator

/// The repository's GeoNames files read by a parser of their own (not the importer), for
/// relevance truth that does not come from the code under test: every populated place of
/// `cities500.txt.gz` with its country, admin1 region name and population.
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

        var location: Point { Point(latitude: latitude, longitude: longitude) }
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
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-dc", folder.appendingPathComponent("cities500.txt.gz").path]
        let pipe = Pipe()
        gzip.standardOutput = pipe
        try gzip.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 15, let latitude = Double(f[4]), let longitude = Double(f[5]) else { continue }
            let country = String(f[8]), admin1 = String(f[10])
            raw.places.append(
                Place(
                    id: Int(f[0]) ?? 0, name: String(f[1]), latitude: latitude, longitude: longitude,
                    countryCode: country,
                    admin1Code: admin1, region: raw.regions["\(country).\(admin1)"] ?? "",
                    population: Int(f[14]) ?? 0))
        }
        return raw
    }
}
