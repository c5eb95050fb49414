import Foundation
import OpenLocator

/// Parameter readings the two dialects share.
enum OpenDialectParameters {
    /// A number parameter, or `nil` when absent; a value that is not a finite number is refused.
    static func number(_ parameters: WireParameters, _ name: String) throws -> Double? {
        guard let text = parameters.nonEmpty(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw OpenDialectError.badRequest("\(name) must be a number, got '\(text.prefix(40))'")
        }
        return value
    }

    /// A whole number, clamped into `range` as Nominatim and Photon clamp `limit`.
    static func integer(_ parameters: WireParameters, _ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = parameters.nonEmpty(name) else { return nil }
        // Through Double, so "1e3" and "99999999999999999999" are numbers too (clamped, never
        // converted to an Int that cannot hold them).
        guard let value = Double(text), value.isFinite else {
            throw OpenDialectError.badRequest("\(name) must be a whole number, got '\(text.prefix(40))'")
        }
        return Int(min(Double(range.upperBound), max(Double(range.lowerBound), value.rounded(.down))))
    }

    /// A 0/1 flag (`true`/`false` too); `defaultValue` when absent.
    static func flag(_ parameters: WireParameters, _ name: String, default defaultValue: Bool) throws -> Bool {
        guard let text = parameters.nonEmpty(name)?.lowercased() else { return defaultValue }
        switch text {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default: throw OpenDialectError.badRequest("\(name) must be 0 or 1, got '\(text.prefix(40))'")
        }
    }

    /// A latitude and longitude pair, both required.
    static func point(_ parameters: WireParameters) throws -> Point {
        guard let lat = try number(parameters, "lat"), let lon = try number(parameters, "lon") else {
            throw OpenDialectError.badRequest("lat and lon are required (degrees, e.g. lat=60.1699&lon=24.9384)")
        }
        guard (-90...90).contains(lat), (-180...180).contains(lon) else {
            throw OpenDialectError.badRequest("lat must be within -90 and 90 and lon within -180 and 180")
        }
        return Point(latitude: lat, longitude: lon)
    }

    /// The first language of a parameter or an `Accept-Language` header ("sv-FI,sv;q=0.9" →
    /// "sv-FI") that OpenLocator can write answers in; `nil` for none (`*`, `default`).
    static func language(_ text: String?) -> String? {
        for part in (text ?? "").split(separator: ",") {
            let tag = part.split(separator: ";").first.map { String($0).trimmedSpaces } ?? ""
            if tag.isEmpty || tag == "*" || tag.lowercased() == "default" { continue }
            if GeocodeParameters.isLanguageCode(tag) { return tag }
        }
        return nil
    }

    /// `minLon,minLat,maxLon,maxLat` (any two opposite corners), as Nominatim's `viewbox` and
    /// Photon's `bbox` give it.
    static func box(_ parameters: WireParameters, _ name: String) throws -> Envelope? {
        guard let text = parameters.nonEmpty(name) else { return nil }
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmedSpaces) }.filter(\.isFinite)
        guard numbers.count == 4, numbers[0] != numbers[2], numbers[1] != numbers[3],
            [numbers[0], numbers[2]].allSatisfy({ (-180...180).contains($0) }),
            [numbers[1], numbers[3]].allSatisfy({ (-90...90).contains($0) })
        else {
            throw OpenDialectError.badRequest(
                "\(name) must be four numbers: minLon,minLat,maxLon,maxLat in degrees")
        }
        return Envelope(
            xmin: min(numbers[0], numbers[2]), ymin: min(numbers[1], numbers[3]), xmax: max(numbers[0], numbers[2]),
            ymax: max(numbers[1], numbers[3]))
    }
}
