import Foundation

/// The category hierarchy, with lookups by name: ArcGIS World's tree
/// (Address, Postal, Coordinate System, Populated Place, POI) in ``world``.
///
/// ```swift
/// let food = CategoryTree.world["Food"]!
/// CategoryTree.world.children(of: food).count   // 72
/// ```
public struct CategoryTree: Sendable {
    /// Every category in depth-first order (a parent comes right before its descendants).
    public let categories: [Category]
    private let byFoldedName: [String: Int]

    /// The ArcGIS World Geocoding Service tree.
    public static let world = CategoryTree(outline: worldOutline)

    /// Parses an outline of one name a line, indented two spaces per level.
    init(outline: String) {
        var entries: [(name: String, level: Int)] = []
        for line in outline.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let indent = line.prefix(while: { $0 == " " }).count
            entries.append((line.trimmingCharacters(in: .whitespaces), indent / 2 + 1))
        }
        var built: [Category] = []
        var path: [String] = []
        for (index, entry) in entries.enumerated() {
            path = Array(path.prefix(entry.level - 1)) + [entry.name]
            var last = index
            while last + 1 < entries.count, entries[last + 1].level > entry.level { last += 1 }
            built.append(
                Category(name: entry.name, level: entry.level, path: path, code: index, lastDescendantCode: last))
        }
        categories = built
        var index: [String: Int] = [:]
        for category in built where index[Self.key(category.name)] == nil {
            index[Self.key(category.name)] = category.code
        }
        byFoldedName = index
    }

    /// The category with this exact name, ignoring case and spacing ("coffee shop" finds "Coffee Shop").
    public subscript(name: String) -> Category? {
        byFoldedName[Self.key(name)].map { categories[$0] }
    }

    /// The category with a given code.
    func category(code: Int) -> Category? {
        categories.indices.contains(code) ? categories[code] : nil
    }

    /// The direct children of a category.
    public func children(of parent: Category) -> [Category] {
        categories[parent.codeRange].filter { $0.level == parent.level + 1 }
    }

    /// The top-level categories.
    public var roots: [Category] { categories.filter { $0.level == 1 } }

    private static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
    }
}
