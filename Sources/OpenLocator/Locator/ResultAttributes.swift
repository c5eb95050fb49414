import Foundation

/// The ArcGIS output field names OpenLocator fills, and which of them a request returns.
public enum ResultAttributes {
    /// Fields of a geocode candidate, in ArcGIS `candidateFields` order.
    public static let candidateFields = [
        "Loc_name", "Status", "Score", "Match_addr", "LongLabel", "ShortLabel", "Addr_type", "Type", "PlaceName",
        "Place_addr", "Phone", "URL", "Rank", "AddNum", "Side", "StName", "StAddr", "Nbrhd", "City", "Subregion", "Region",
        "RegionAbbr", "Postal", "Country", "CntryName", "LangCode", "Distance", "X", "Y", "DisplayX", "DisplayY",
        "Xmin", "Xmax", "Ymin", "Ymax", "ExInfo",
    ]

    /// Fields of a reverse geocode `address`, in ArcGIS order (plus `Place_addr` and `Distance`).
    public static let reverseFields = [
        "Match_addr", "LongLabel", "ShortLabel", "Addr_type", "Type", "PlaceName", "Place_addr", "AddNum", "Address",
        "Neighborhood", "City", "Subregion", "Region", "RegionAbbr", "Postal", "CntryName", "CountryCode", "Distance",
        "X", "Y",
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

    /// Selects the requested attributes, keyed by the requested spelling (as ArcGIS echoes
    /// `outFields=type,city` as `type`, `city`); `*` selects all, empty selects `defaults`.
    /// `value` gives a field's value by its canonical name, so only selected fields are made.
    /// - Throws: ``LocatorError`` `invalidParameter` for a name no backend knows.
    static func select(
        _ requested: [String], all: [String], defaults: [String], value: (String) -> AttributeValue
    ) throws
        -> [String: AttributeValue]
    {
        let names = requested.flatMap { $0.split(separator: ",").map { $0.trimmedSpaces } }
            .filter { !$0.isEmpty }
        var selected: [String: AttributeValue] = [:]
        selected.reserveCapacity(names.isEmpty ? defaults.count : names.contains("*") ? all.count : names.count)
        if names.isEmpty || names.contains("*") {
            for name in names.isEmpty ? defaults : all { selected[name] = value(name) }
            return selected
        }
        for name in names {
            guard let canonical = known[name.lowercased()] else {
                throw LocatorError.invalidParameter(
                    "unknown result attribute '\(name.prefix(40))'; use '*' or names such as PlaceName, Place_addr, Type, Distance"
                )
            }
            selected[name] = value(canonical)
        }
        return selected
    }
}
