import Foundation

/// The rules that give OSM objects an ArcGIS category, read from `Gazetteer/osm-categories.tsv`:
/// `amenity=restaurant;cuisine=pizza<TAB>Pizza` — all `key=value` conditions must hold (`*` =
/// any value; a `;`-list tag value matches if any item does); the first matching rule wins.
/// A rule may give a `Type` of its own after a second tab (`Gazetteer/osm-named-types.tsv`:
/// `railway=tram_stop<TAB>Bus Stop<TAB>Tram Stop`; `*` writes out the first key's value).
struct OSMCategoryMapping: Sendable {
    struct Rule: Sendable {
        var conditions: [(key: String, value: String?)]
        var category: Category
        /// The Type the rule gives, when not the category's name; `"*"` for the first
        /// condition's value written out.
        var type: String?
    }

    let rules: [Rule]
    /// Keys that appear in any rule: an object with none of them is skipped quickly.
    let keys: Set<String>

    /// Parses the mapping file's text.
    /// - Throws: ``LocatorError`` `invalidInput` naming the line of a malformed rule or unknown category.
    init(text: String, tree: CategoryTree = .world) throws {
        var rules: [Rule] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: "\t", omittingEmptySubsequences: true)
            guard parts.count == 2 || parts.count == 3 else {
                throw LocatorError(
                    .invalidInput, "category mapping line \(offset + 1): expected CONDITIONS<TAB>Category[<TAB>Type]")
            }
            guard let category = tree[String(parts[1]).trimmingCharacters(in: .whitespaces)] else {
                throw LocatorError(.invalidInput, "category mapping line \(offset + 1): unknown category '\(parts[1])'")
            }
            var conditions: [(String, String?)] = []
            for condition in parts[0].split(separator: ";") {
                let pair = condition.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else {
                    throw LocatorError(
                        .invalidInput, "category mapping line \(offset + 1): bad condition '\(condition)'")
                }
                conditions.append((pair[0], pair[1] == "*" ? nil : pair[1]))
            }
            let type = parts.count == 3 ? String(parts[2]).trimmingCharacters(in: .whitespaces) : nil
            rules.append(Rule(conditions: conditions, category: category, type: type == category.name ? nil : type))
        }
        self.rules = rules
        keys = Set(rules.flatMap { $0.conditions.map(\.key) })
    }

    /// Reads the mapping file.
    init(contentsOf url: URL) throws {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw LocatorError(.invalidInput, "cannot read the category mapping '\(url.lastPathComponent)'")
        }
        try self.init(text: text)
    }

    /// The category of an object with these tags, or `nil` when no rule matches.
    func category(for tags: [String: String]) -> Category? { match(tags)?.category }

    /// The category and Type ("" for the category's name) of an object with these tags, or
    /// `nil` when no rule matches.
    func match(_ tags: [String: String]) -> (category: Category, type: String)? {
        guard tags.keys.contains(where: keys.contains) else { return nil }
        for rule in rules where rule.conditions.allSatisfy({ Self.holds($0, in: tags) }) {
            guard let type = rule.type else { return (rule.category, "") }
            guard type == "*" else { return (rule.category, type) }
            let value = tags[rule.conditions[0].key] ?? ""
            return (rule.category, Self.writtenOut(value))
        }
        return nil
    }

    /// A tag value written out as a Type: "coworking_space" → "Coworking Space".
    static func writtenOut(_ value: String) -> String {
        value.split(whereSeparator: { $0 == "_" || $0 == " " || $0 == ";" }).prefix(4)
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    private static func holds(_ condition: (key: String, value: String?), in tags: [String: String]) -> Bool {
        guard let value = tags[condition.key] else { return false }
        guard let wanted = condition.value else { return true }
        if value == wanted { return true }
        return value.contains(";")
            && value.split(separator: ";").contains { $0.trimmingCharacters(in: .whitespaces) == wanted }
    }
}
