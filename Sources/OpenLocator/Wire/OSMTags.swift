import Foundation

/// The OpenStreetMap tag that stands for a result in the Nominatim and Photon dialects
/// (`class`/`type`, `osm_key`/`osm_value`), and the categories an `osm_tag` filter names.
///
/// POI categories take the first rule of `Gazetteer/osm-categories.tsv` that makes them with
/// a plain value ("Coffee Shop" → `amenity=cafe`), or `KEY=yes` for a category a catch-all
/// rule makes (`shop=*` → "Other Shops and Service" answers `shop=yes`), so a place from GeoNames gets the tag an
/// OSM object of its category would have. The gazetteer keeps a place's category, not the
/// tags it came with: a `cuisine=pizza` restaurant answers `amenity=restaurant`.
///
/// ```swift
/// OSMTags.tag(forCategory: "Coffee Shop")   // OSMTags.Tag(key: "amenity", value: "cafe")
/// ```
package enum OSMTags {
    package struct Tag: Sendable, Hashable {
        package let key: String
        package let value: String

        package init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The tag of a POI category, or `nil` for a category no rule makes.
    package static func tag(forCategory name: String) -> Tag? { mapping.byCategory[name] }

    /// The POI categories (level 3) some rule makes from a tag with this key and value (`nil`
    /// for any value, `nil` key for any key with that value): `amenity`, `amenity:cafe`, `:cafe`.
    package static func categories(key: String?, value: String?) -> [String] {
        mapping.rules.filter { rule in
            rule.conditions.contains { condition in
                (key == nil || condition.key == key) && (value == nil || condition.value == value)
            }
        }.map(\.category.name).uniqued()
    }

    /// The rules, read once from the data folder's mapping (an empty one when it is missing:
    /// every POI then answers with the generic tag).
    private static let mapping: (rules: [OSMCategoryMapping.Rule], byCategory: [String: Tag]) = {
        let url = DefaultGazetteer.dataDirectory.appendingPathComponent("osm-categories.tsv")
        let rules = (try? OSMCategoryMapping(contentsOf: url))?.rules ?? []
        var byCategory: [String: Tag] = [:]
        var catchAll: [String: Tag] = [:]
        for rule in rules {
            if rule.conditions.count == 1, let only = rule.conditions.first, only.value == nil {
                catchAll[rule.category.name] = Tag(key: only.key, value: "yes")  // the last wins: `shop=*`
            }
            guard byCategory[rule.category.name] == nil,
                let plain = rule.conditions.first(where: { $0.value != nil }), let value = plain.value
            else { continue }
            byCategory[rule.category.name] = Tag(key: plain.key, value: value)
        }
        return (rules, byCategory.merging(catchAll) { _, general in general })
    }()
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
