import Foundation

/// Which columns of a batch row hold the point to reverse geocode: a latitude column and a
/// longitude column (`lat`, `lon`; `latitude`, `longitude`; `y`, `x`; …), or one column of
/// "LAT,LON" text. Values may be text or JSON numbers; a decimal comma ("60,17") is read as
/// a decimal point in a latitude or longitude column of its own.
///
/// ```swift
/// let columns = try BatchPointColumns([], available: ["id", "Latitude", "Longitude"])
/// columns.point(of: record)   // .success(Point(latitude: 60.17, longitude: 24.94)), or .failure("latitude 'abc' is not a number")
/// ```
public struct BatchPointColumns: Sendable, Equatable {
    /// The latitude column and the longitude column, or one column holding both.
    public enum Layout: Sendable, Equatable {
        case separate(latitude: String, longitude: String)
        case combined(String)
    }

    public let layout: Layout

    /// The column names, for messages and the resume fingerprint.
    public var names: [String] {
        switch layout {
        case .separate(let latitude, let longitude): return [latitude, longitude]
        case .combined(let column): return [column]
        }
    }

    /// Names people give a latitude and a longitude column (English, then Finnish, Swedish,
    /// German, French, Spanish), tried in order when none are named.
    static let latitudeNames = [
        "lat", "latitude", "y", "lat_deg", "latitude_deg", "decimallatitude", "leveys", "leveysaste", "breite",
        "breitengrad", "latitud",
    ]
    static let longitudeNames = [
        "lon", "lng", "long", "longitude", "x", "lon_deg", "longitude_deg", "decimallongitude", "pituus",
        "pituusaste", "länge", "laenge", "längengrad", "longitud",
    ]
    static let combinedNames = ["latlon", "lat_lon", "latlng", "lat_lng", "coordinates", "coords", "point", "location"]

    /// The named columns (two: latitude then longitude; one: "LAT,LON" text), matched in any
    /// case, or when none are named the obvious ones.
    /// - Throws: ``LocatorError`` `invalidParameter` naming the columns there are.
    public init(_ requested: [String], available: [String]) throws {
        let list = available.isEmpty ? "none" : available.map { "'\($0)'" }.joined(separator: ", ")
        func column(_ name: String) throws -> String {
            guard let found = available.first(where: { $0 == name }) ?? Self.find([name.lowercased()], in: available)
            else {
                throw LocatorError.invalidParameter("no column '\(name.prefix(60))' in the input (columns: \(list))")
            }
            return found
        }
        switch requested.count {
        case 0:
            if let latitude = Self.find(Self.latitudeNames, in: available),
                let longitude = Self.find(Self.longitudeNames, in: available)
            {
                layout = .separate(latitude: latitude, longitude: longitude)
            } else if let combined = Self.find(Self.combinedNames, in: available)
                ?? (available.count == 1 ? available[0] : nil)
            {
                layout = .combined(combined)
            } else {
                throw LocatorError.invalidParameter(
                    "say which columns hold the point with --columns LAT,LON or --column NAME (columns: \(list))")
            }
        case 1: layout = .combined(try column(requested[0]))
        case 2: layout = .separate(latitude: try column(requested[0]), longitude: try column(requested[1]))
        default:
            throw LocatorError.invalidParameter(
                "a point is two columns (latitude, then longitude) or one of LAT,LON text, not \(requested.count)")
        }
    }

    /// The first of `names` (lowercase) that is a column, in the column's own spelling.
    private static func find(_ names: [String], in available: [String]) -> String? {
        names.lazy.compactMap { name in available.first { $0.lowercased() == name } }.first
    }

    /// The row's point in degrees, or what is wrong with it ("latitude '95' is out of range").
    public func point(of record: BatchRecord) -> Result<Point, PointProblem> {
        let latitudeText: String, longitudeText: String
        switch layout {
        case .separate(let latitude, let longitude):
            latitudeText = Self.text(record[latitude])
            longitudeText = Self.text(record[longitude])
        case .combined(let column):
            let text = Self.text(record[column])
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                return .failure(
                    PointProblem(
                        text.isEmpty ? "no point in '\(column)'" : "'\(text.prefix(40))' in '\(column)' is not LAT,LON")
                )
            }
            (latitudeText, longitudeText) = (String(parts[0]), String(parts[1]))
        }
        let latitude = Self.number(latitudeText), longitude = Self.number(longitudeText)
        guard let latitude else { return .failure(Self.notANumber("latitude", latitudeText)) }
        guard let longitude else { return .failure(Self.notANumber("longitude", longitudeText)) }
        guard abs(latitude) <= 90 else {
            let swapped = abs(longitude) <= 90 && abs(latitude) <= 180
            return .failure(
                PointProblem(
                    "latitude \(latitudeText.trimmedSpaces) is outside -90…90"
                        + (swapped ? " (are latitude and longitude swapped?)" : "")))
        }
        guard abs(longitude) <= 180 else {
            return .failure(PointProblem("longitude \(longitudeText.trimmedSpaces) is outside -180…180"))
        }
        return .success(Point(latitude: latitude, longitude: longitude))
    }

    /// What is wrong with a row's point, for a warning ("line 7: latitude 'abc' is not a number").
    public struct PointProblem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    private static func notANumber(_ what: String, _ text: String) -> PointProblem {
        let trimmed = text.trimmedSpaces
        return PointProblem(trimmed.isEmpty ? "no \(what)" : "\(what) '\(trimmed.prefix(40))' is not a number")
    }

    private static func text(_ value: JSONValue?) -> String {
        switch value {
        case .number(let number)?: return String(number)
        case .string(let text)?: return text
        default: return ""
        }
    }

    /// A finite number, with a decimal comma taken as a decimal point ("60,17").
    private static func number(_ text: String) -> Double? {
        let trimmed = text.trimmedSpaces
        let value = Double(trimmed) ?? Double(trimmed.replacingOccurrences(of: ",", with: "."))
        return value.flatMap { $0.isFinite ? $0 : nil }
    }
}
