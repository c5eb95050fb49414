import Foundation

/// The ArcGIS output field names OpenLocator fills, and which of them a request returns.
public enum ResultAttributes {
    /// Fields of a geocode candidate, in ArcGIS `candidateFields` order, and OpenLocator's own
    /// `Source_id` last: where the place came from, as "osm:node/123" or "geonames:658225".
    public static let candidateFields = [
        "Loc_name", "Status", "Score", "Match_addr", "LongLabel", "ShortLabel", "Addr_type", "Type", "PlaceName",
        "Place_addr", "Phone", "URL", "Rank", "AddNum", "Side", "StName", "StAddr", "Nbrhd", "City", "Subregion",
        "Region",
        "RegionAbbr", "Postal", "Country", "CntryName", "LangCode", "Distance", "X", "Y", "DisplayX", "DisplayY",
        "Xmin", "Xmax", "Ymin", "Ymax", "ExInfo", "Source_id",
    ]

    /// Fields of a reverse geocode `address`, in ArcGIS order (plus `Place_addr` and `Distance`).
    public static let reverseFields = [
        "Match_addr", "LongLabel", "ShortLabel", "Addr_type", "Type", "PlaceName", "Place_addr", "AddNum", "Address",
        "Neighborhood", "City", "Subregion", "Region", "RegionAbbr", "Postal", "CntryName", "CountryCode", "Distance",
        "X", "Y", "Source_id",
    ]

    /// What a geocode returns when no attribute names were asked for.
    public static let defaultFields = [
        "Score", "Match_addr", "LongLabel", "ShortLabel", "Addr_type", "Type", "PlaceName", "Place_addr", "Distance",
        "X", "Y",
    ]

    /// Every name accepted in `resultAttributeNames`.
    static let known: [String: String] = {
        var known: [String: String] = [:]
        for name in candidateFields + reverseFields { known[name.lowercased()] = name }
        return known
    }()

    /// The fields `requested` selects, each keyed by the requested spelling (as ArcGIS echoes
    /// `outFields=type,city` as `type`, `city`) with its canonical name; `*` selects all, empty
    /// selects `defaults`. Remembered for the latest requests, as every result of a request asks the same.
    /// - Throws: ``LocatorError`` `invalidParameter` for a name no backend knows.
    static func selectedFields(_ requested: [String], all: [String], defaults: [String]) throws -> [Field] {
        if let fields = recentSelections.fields(requested, all: all, defaults: defaults) { return fields }
        let names = requested.flatMap { $0.split(separator: ",").map { $0.trimmedSpaces } }
            .filter { !$0.isEmpty }
        let fields: [Field]
        if names.isEmpty || names.contains("*") {
            fields = (names.isEmpty ? defaults : all).map { Field(key: $0, canonical: $0) }
        } else {
            fields = try names.map { name in
                guard let canonical = known[name.lowercased()] else {
                    throw LocatorError.invalidParameter(
                        "unknown result attribute '\(name.prefix(40))'; use '*' or names such as PlaceName, Place_addr, Type, Distance"
                    )
                }
                return Field(key: name, canonical: canonical)
            }
        }
        recentSelections.remember(fields, for: requested, all: all, defaults: defaults)
        return fields
    }

    /// One selected attribute: its key in the answer (the requested spelling) and its canonical name.
    struct Field: Sendable {
        let key: String
        let canonical: String
    }

    private static let recentSelections = RecentSelections()

    /// The latest selections made (at most ``limit``), by request. `@unchecked Sendable`:
    /// guarded by `lock`.
    private final class RecentSelections: @unchecked Sendable {
        static let limit = 32
        private struct Entry {
            let requested: [String], all: [String], defaults: [String], fields: [Field]
        }
        private let lock = NSLock()
        private var entries: [Entry] = []

        /// (`all` and `defaults` are the same static arrays each time: comparing them is
        /// comparing their storage.)
        func fields(_ requested: [String], all: [String], defaults: [String]) -> [Field]? {
            lock.withLock {
                entries.first { $0.requested == requested && $0.all == all && $0.defaults == defaults }?.fields
            }
        }

        func remember(_ fields: [Field], for requested: [String], all: [String], defaults: [String]) {
            lock.withLock {
                if entries.count >= Self.limit { entries.removeFirst() }
                entries.append(Entry(requested: requested, all: all, defaults: defaults, fields: fields))
            }
        }
    }
}
