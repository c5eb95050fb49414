/// One category of the ArcGIS World hierarchy, such as POI › Food › Coffee Shop.
///
/// ```swift
/// let coffee = CategoryTree.world["coffee shop"]!
/// coffee.path        // ["POI", "Food", "Coffee Shop"]
/// coffee.level       // 3
/// ```
public struct Category: Sendable, Hashable, CustomStringConvertible {
    /// The exact ArcGIS name, e.g. "Coffee Shop".
    public let name: String
    /// 1 for top-level categories (POI, Address, Populated Place), 2 for Food, 3 for Coffee Shop.
    public let level: Int
    /// The names from the top level down to this one.
    public let path: [String]
    /// The position in a depth-first walk of the tree; descendants follow contiguously.
    let code: Int
    /// The code of this category's last descendant (its own code when it has none), so that
    /// "this category or any descendant" is the code range `code...lastDescendantCode`.
    let lastDescendantCode: Int

    /// The codes of this category and all its descendants.
    var codeRange: ClosedRange<Int> { code...lastDescendantCode }

    /// Whether `other` is this category or one of its descendants.
    public func contains(_ other: Category) -> Bool { codeRange.contains(other.code) }

    /// The path, e.g. "POI › Food › Coffee Shop".
    public var description: String { path.joined(separator: " › ") }
}
