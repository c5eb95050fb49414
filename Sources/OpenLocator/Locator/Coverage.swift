import Foundation

/// Where a gazetteer has places of interest, given with an empty category search so the
/// answer can say so plainly instead of listing places from another continent.
///
/// ```swift
/// let response = try await task.geocodeResponse(forSearchText: "coffee shop", using: parameters)
/// response.coverage?.summary
/// // "No Coffee Shop within 50 km of 34.0270,-118.8050; this gazetteer has POIs only around
/// //  Helsinki, Uusimaa, Finland (9,028 km away, from Helsinki.osm.pbf). …"
/// ```
public struct Coverage: Sendable, Hashable {
    /// Places of one kind from one source, in touching cells of a quarter degree.
    public struct Area: Sendable, Hashable {
        /// The source file(s) they came from ("Helsinki.osm.pbf").
        public var source: String
        /// "POI" or "Address".
        public var kind: String
        /// The extent of the places themselves.
        public var extent: Envelope
        public var places: Int
        /// The locality nearest the area's centre ("Helsinki, Uusimaa, Finland"), if any.
        public var label: String?

        /// "around Helsinki, Uusimaa, Finland" or the extent's corners.
        public var described: String {
            label.map { "around \($0)" }
                ?? String(
                    format: "in lon %.2f…%.2f, lat %.2f…%.2f", extent.xmin, extent.xmax, extent.ymin, extent.ymax)
        }
    }

    /// The categories searched for (empty for the request's category filter alone).
    public var categories: [String]
    /// Where the search looked around, in WGS84: the search point or the named place.
    public var point: Point
    /// How far it looked, in metres.
    public var radius: Double
    /// The place searched around, when the text named one ("cafes in Malibu").
    public var place: String?
    /// Where the gazetteer has POIs: the areas nearest the point, nearest first (at most five).
    public var areas: [Area]
    /// How many areas of POIs the gazetteer has in all.
    public var areaCount: Int

    /// Metres from the point to the nearest area's extent.
    public var nearestDistance: Double? {
        areas.first.map { Self.distance(from: point, to: $0.extent) }
    }

    /// One line saying that nothing was found, where this gazetteer has POIs, and how to
    /// build one for the area.
    public var summary: String {
        let what = categories.isEmpty ? "place of these categories" : categories.joined(separator: " or ")
        let around = place ?? String(format: "%.4f,%.4f", point.y, point.x)
        var line = "No \(what) within \(Self.kilometres(radius)) of \(around)"
        if let nearest = areas.first {
            let others = areaCount > 1 ? " (and \(areaCount - 1) more area\(areaCount > 2 ? "s" : ""))" : ""
            line +=
                "; this gazetteer has POIs \(areaCount == 1 ? "only " : "nearest ")\(nearest.described) "
                + "(\(Self.kilometres(Self.distance(from: point, to: nearest.extent))) away, from \(nearest.source))\(others)."
        } else {
            line += "; this gazetteer has no POIs at all, only localities and addresses."
        }
        return line
            + " To search here, build a gazetteer from OpenStreetMap data of the area: "
            + "locator build --osm area.osm.pbf --out area.gazetteer (see docs/data.md)."
    }

    /// Metres from a point to the nearest point of an envelope (0 inside it).
    static func distance(from point: Point, to extent: Envelope) -> Double {
        let nearest = Point(
            latitude: min(max(point.y, extent.ymin), extent.ymax),
            longitude: min(max(point.x, extent.xmin), extent.xmax))
        return point.distance(to: nearest)
    }

    /// "50 km", "9,028 km", "800 m".
    static func kilometres(_ metres: Double) -> String {
        guard metres.isFinite, metres < 1e12 else { return TableFormatter.formatDistance(metres) }
        guard metres >= 1000 else { return "\(Int(metres.rounded())) m" }
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        formatter.locale = Locale(identifier: "en_US")
        return (formatter.string(from: NSNumber(value: (metres / 1000).rounded())) ?? "\(Int(metres / 1000))") + " km"
    }
}
