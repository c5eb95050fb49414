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
    /// The same codes by each category's own name ("Coffee Shop").
    private let byName: [String: Int]

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
        byName = Dictionary(built.map { ($0.name, index[Self.key($0.name)]!) }, uniquingKeysWith: { first, _ in first })
    }

    /// The category with this exact name, ignoring case and spacing ("coffee shop" finds "Coffee Shop").
    public subscript(name: String) -> Category? {
        // A name as the tree writes it, the usual case, without folding it first.
        if let code = byName[name] { return categories[code] }
        return byFoldedName[Self.key(name)].map { categories[$0] }
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
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, the usual case: letters and digits are bytes, without Unicode properties.
            var key: [UInt8] = []
            var pendingSpace = false
            for byte in name.utf8 {
                let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
                if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower)
                {
                    if pendingSpace, !key.isEmpty { key.append(UInt8(ascii: " ")) }
                    pendingSpace = false
                    key.append(lower)
                } else {
                    pendingSpace = true
                }
            }
            return String(decoding: key, as: UTF8.self)
        }
        return name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
    }
}
