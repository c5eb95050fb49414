import Foundation

/// Reads a GeoNames postal-code dump a row at a time (`allCountries.txt` or a country's file of
/// <https://download.geonames.org/export/zip/>, plain, `.gz` or `.zip`): 12 tab-separated
/// columns, country code, postal code, place name, admin names and codes 1 to 3, latitude,
/// longitude and accuracy. Each row becomes a postal area (`Addr_type` Postal) named by its
/// code, in its place and region.
///
/// Rows that cannot be read (too few columns, no code or one that is not a postcode, no
/// country, coordinates that are not numbers or off the globe) are recorded in ``summary`` by
/// line and skipped; a file with no readable row at all is not a postal dump, and ``next()``
/// throws when it ends.
struct GeoNamesPostalReader: PlaceFileReader {
    private var lines: LineReader
    private(set) var summary: SourceSummary
    private let countries: [String: (iso3: String, name: String)]
    /// What a GeoNames postal area weighs against others: like an OSM one of 150 addresses.
    static let importance = 0.05

    init(_ url: URL, countries: [String: (iso3: String, name: String)]) throws {
        self.countries = countries
        summary = SourceSummary(
            name: url.lastPathComponent, kind: "geonames-postal", places: 0, skipped: 0, firstSkipped: [])
        lines = LineReader(try GeoNamesImporter.open(url))
    }

    mutating func next() throws -> PlaceRecord? {
        while let line = try lines.next() {
            do {
                if let place = try place(line.bytes, number: line.number) {
                    summary.places += 1
                    return place
                }
            } catch let reason as SkippedRowReason {
                summary.skip(line: line.number, because: reason.text)
            }
        }
        if summary.places == 0, summary.skipped > 0 {
            throw LocatorError(
                .invalidInput,
                "'\(summary.name)' is not a GeoNames postal-code file: no row could be read (\(summary.firstSkipped[0].description))"
            )
        }
        return nil
    }

    /// One row: a postal area, `nil` for a blank line; throws why a row cannot be read.
    private func place(_ line: [UInt8], number: Int) throws(SkippedRowReason) -> PlaceRecord? {
        let text = String(decoding: line, as: UTF8.self)
        guard !text.trimmedSpaces.isEmpty else { return nil }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmedSpaces }
        guard fields.count >= 11 else {
            throw SkippedRowReason("expected the 12 tab-separated GeoNames postal columns, found \(fields.count)")
        }
        let country = fields[0].uppercased()
        guard country.count == 2, country.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw SkippedRowReason("the country code '\(fields[0].prefix(10))' is not two letters")
        }
        guard !fields[1].isEmpty else { throw SkippedRowReason("no postal code") }
        guard let code = PostalAreas.postcode(fields[1]) else {
            throw SkippedRowReason("'\(fields[1].prefix(20))' is not a postal code")
        }
        let (latitude, longitude) = try checkedCoordinate(latitude: fields[9], longitude: fields[10]).get()
        return PostalAreas.area(
            code: code, city: fields[2], subregion: fields[5], region: fields[3],
            country: countries[country]?.iso3 ?? country, at: Coordinate(lon: longitude, lat: latitude),
            importance: Self.importance, source: "geonames-postal:\(summary.name):\(number)")
    }
}
