import Foundation

/// A row of a source file that could not become a place, and why: reported by line number,
/// never fatal to the build.
public struct SkippedRow: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String
    public var description: String { "\(file) line \(line): \(reason)" }
}

/// What one source file gave a build.
public struct SourceSummary: Sendable, Hashable {
    /// The file's name.
    public var name: String
    /// "osm", "geonames", "openaddresses" or "places".
    public var kind: String
    /// Places read from it (before duplicates with other sources were merged); for a file of
    /// alternate names, the names kept.
    public var places: Int
    /// Rows left out, and the first few of them with their reasons.
    public var skipped: Int
    public var firstSkipped: [SkippedRow]
    /// Places left out because another source has them (an address OSM has too).
    public var duplicates = 0

    public init(name: String, kind: String, places: Int, skipped: Int, firstSkipped: [SkippedRow]) {
        self.name = name
        self.kind = kind
        self.places = places
        self.skipped = skipped
        self.firstSkipped = firstSkipped
    }

    /// How many skipped rows a summary keeps to show.
    static let shownSkipped = 10

    /// Counts a skipped row of this file, and keeps it if it is among the first.
    mutating func skip(line: Int, because reason: String) {
        skipped += 1
        if firstSkipped.count < Self.shownSkipped {
            firstSkipped.append(SkippedRow(file: name, line: line, reason: reason))
        }
    }

    /// The summaries as stored in a gazetteer's `meta` table: a line per source,
    /// `name<TAB>kind<TAB>places<TAB>skipped<TAB>duplicates`.
    static func metaText(_ summaries: [SourceSummary]) -> String {
        summaries.map { summary in
            let name = summary.name.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
            return "\(name)\t\(summary.kind)\t\(summary.places)\t\(summary.skipped)\t\(summary.duplicates)"
        }.joined(separator: "\n")
    }

    /// Summaries read back from ``metaText(_:)`` (a line with a name alone, as older
    /// gazetteers stored, has no counts).
    static func parse(metaText: String) -> [SourceSummary] {
        metaText.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var summary = SourceSummary(
                name: fields[0], kind: fields.count > 1 ? fields[1] : "",
                places: fields.count > 2 ? Int(fields[2]) ?? 0 : 0,
                skipped: fields.count > 3 ? Int(fields[3]) ?? 0 : 0, firstSkipped: [])
            summary.duplicates = fields.count > 4 ? Int(fields[4]) ?? 0 : 0
            return summary
        }
    }
}

extension GeoJSONFeatureReader {
    /// The next feature that is JSON, and its line; a bad one is recorded in `summary` as a
    /// skipped row, and reading goes on after it unless it ends the file.
    mutating func next(skippingBadInto summary: inout SourceSummary) throws -> (feature: JSONValue, line: Int)? {
        while true {
            do {
                return try next()
            } catch let bad as BadFeature {
                summary.skip(line: bad.line, because: bad.reason)
                if bad.endsReading { return nil }
            }
        }
    }
}

/// The point addresses one source already has, by street and number, to leave out another
/// source's copies within 100 m (OpenAddresses often repeats OSM's addresses). A country's
/// worth: each address is a 64-bit hash of its key and its location (24 bytes and the grid's
/// share), not its strings.
struct AddressKeys {
    private var grid = SpatialGrid<(key: UInt64, at: Coordinate)>(cellDegrees: 0.01)
    static let radius = 100.0

    /// Remembers the place if it is an address point.
    mutating func add(_ place: PlaceRecord) {
        guard place.addressType == .pointAddress else { return }
        let here = Coordinate(lon: place.longitude, lat: place.latitude)
        grid.insert((Self.key(place), here), at: here)
    }

    /// The hash of the folded street and the number without spaces (two different addresses
    /// share one with odds of 1 in 2^64, and must be within 100 m of each other as well).
    static func key(_ place: PlaceRecord) -> UInt64 {
        FNV1a.hash(
            (TextFolding.fold(place.street) + "|" + place.houseNumber.lowercased().filter { !$0.isWhitespace }).utf8)
    }

    func contains(_ place: PlaceRecord) -> Bool {
        // No addresses to compare with (a build without OSM) is the common case: checked first.
        guard !grid.isEmpty, place.addressType == .pointAddress else { return false }
        let here = Coordinate(lon: place.longitude, lat: place.latitude)
        let key = Self.key(place)
        return grid.candidates(near: here, within: Self.radius).contains { item in
            item.key == key
                && GreatCircle.distance(
                    latitude1: here.lat, longitude1: here.lon, latitude2: item.at.lat, longitude2: item.at.lon)
                    <= Self.radius
        }
    }
}

/// A file of places read one at a time, so a file of any size is imported in bounded memory:
/// OpenAddresses CSV, or your own places as CSV or GeoJSON.
protocol PlaceFileReader {
    /// The next place, or `nil` at the end of the file. Rows that cannot be read are recorded
    /// in ``summary`` and passed over.
    mutating func next() throws -> PlaceRecord?
    /// Counts so far.
    var summary: SourceSummary { get }
}

/// Column lookup in a CSV header by any of several names, in any case.
struct CSVColumns {
    private let index: [String: Int]

    init(_ header: [String]) {
        var index: [String: Int] = [:]
        for (i, name) in header.enumerated() where index[name.trimmedSpaces.lowercased()] == nil {
            index[name.trimmedSpaces.lowercased()] = i
        }
        self.index = index
    }

    /// The position of the first of `names` the header has.
    func position(_ names: String...) -> Int? { position(names) }
    func position(_ names: [String]) -> Int? { names.lazy.compactMap { index[$0] }.first }

    /// A record's value at a position on one line (``StringProtocol/oneLine``), "" when the
    /// record is short or the column absent. (Only the fields read become strings.)
    static func value(_ fields: CSVReader.Fields, _ position: Int?) -> String {
        guard let position, position < fields.count, !fields.isEmpty(position) else { return "" }
        let text = fields.text(position)
        return fields.withBytes(position, isOneLine) ? text : text.oneLine
    }

    /// A record's coordinates, read from the bytes of its latitude and longitude columns (see
    /// ``checkedCoordinate(latitude:longitude:)-(String,String)``).
    static func coordinate(_ fields: CSVReader.Fields, latitude: Int?, longitude: Int?) -> Result<
        (lat: Double, lon: Double), SkippedRowReason
    > {
        func number(_ position: Int?) -> Double? {
            guard let position, position < fields.count else { return nil }
            // (A plain decimal, the usual case, or a long or exponent one, without a string;
            // anything else as text.)
            return fields.withBytes(position) { plainDecimal($0) ?? decimalNumber($0) }
                ?? coordinateNumber(value(fields, position))
        }
        guard let lat = number(latitude), let lon = number(longitude) else {
            return .failure(SkippedRowReason("the coordinates are not numbers"))
        }
        return checkedCoordinate(latitude: lat, longitude: lon)
    }
}

/// A latitude and longitude that are numbers on the globe, or why not.
func checkedCoordinate(latitude: String, longitude: String) -> Result<(lat: Double, lon: Double), SkippedRowReason> {
    guard let lat = coordinateNumber(latitude), let lon = coordinateNumber(longitude) else {
        return .failure(SkippedRowReason("the coordinates are not numbers"))
    }
    return checkedCoordinate(latitude: lat, longitude: lon)
}

/// A coordinate's number, written with a decimal point or, as spreadsheets in many locales
/// write it, a decimal comma ("60,1699"; a comma can only be a decimal one in a lone number).
func coordinateNumber(_ text: String) -> Double? {
    if let number = plainDecimal(text) ?? Double(text) { return number }
    guard text.utf8.count(where: { $0 == UInt8(ascii: ",") }) == 1, !text.contains(".") else { return nil }
    return Double(text.replacingOccurrences(of: ",", with: "."))
}

/// A plain decimal number ("-24.7116323") of at most 15 digits, read exactly as `Double(_:)`
/// reads it, and faster; `nil` for anything else (exponents, more digits, "nan"), which
/// `Double(_:)` reads. Its digits as an integer and the power of ten it is divided by are
/// both exact doubles, and IEEE division rounds their quotient correctly, so it is the double
/// nearest the decimal (Clinger's fast path).
func plainDecimal(_ text: String) -> Double? {
    var text = text
    return text.withUTF8(plainDecimal)
}

/// ``plainDecimal(_:)-(String)`` of UTF-8 bytes.
func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        negative = sign == UInt8(ascii: "-")
        index = 1
    }
    var digits: Int64 = 0
    var count = 0
    var decimals = 0
    var seenPoint = false
    while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "."), !seenPoint {
            seenPoint = true
        } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            count += 1
            guard count <= 15 else { return nil }  // (before `digits` could overflow)
            digits = digits * 10 + Int64(byte - UInt8(ascii: "0"))
            if seenPoint { decimals += 1 }
        } else {
            return nil
        }
        index += 1
    }
    guard count > 0 else { return nil }
    let magnitude = Double(digits) / powersOfTen[decimals]
    return negative ? -magnitude : magnitude
}

/// A number written only with digits, signs, a point and an exponent ("38.065302614251046",
/// "-1.5e-3"), read as `Double(_:)` reads its text (strtod in the C locale, correctly rounded)
/// without making a string of it; `nil` for any other bytes, or longer than 64. For what
/// ``plainDecimal(_:)-(UnsafeBufferPointer<UInt8>)`` leaves: CSVs written by tools that print
/// 17 significant digits.
func decimalNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard !bytes.isEmpty, bytes.count <= 64,
        bytes.allSatisfy({
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e")
                || $0 == UInt8(ascii: "E")
        })
    else { return nil }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { text in
        for (index, byte) in bytes.enumerated() { text[index] = CChar(bitPattern: byte) }
        text[bytes.count] = 0
        var end: UnsafeMutablePointer<CChar>?
        // (strtod reads with the thread's locale: the C one for the call.)
        let previous = uselocale(cLocale)
        let number = strtod(text.baseAddress!, &end)
        uselocale(previous)
        return end == text.baseAddress! + bytes.count ? number : nil
    }
}

/// The C locale, in which strtod reads a point as the decimal separator whatever the process's.
nonisolated(unsafe) private let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)

/// 10⁰ through 10¹⁵, each exact in a double.
private let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
]

/// A latitude and longitude on the globe, or why not.
func checkedCoordinate(latitude lat: Double, longitude lon: Double) -> Result<
    (lat: Double, lon: Double), SkippedRowReason
> {
    guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
        return .failure(SkippedRowReason("the coordinates are off the globe"))
    }
    return .success((lat, lon))
}

/// Why a row was skipped (an `Error`, so readers can `throw` it within a row).
struct SkippedRowReason: Error {
    let text: String
    init(_ text: String) { self.text = text }
}
