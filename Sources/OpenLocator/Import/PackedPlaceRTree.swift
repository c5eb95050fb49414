import Foundation

/// Builds the `places_rtree` R*Tree in one pass at the end of a build, as a packed Hilbert
/// R-tree, instead of inserting places into it one at a time.
///
/// SQLite's R*Tree insert costs ~18 µs a row (choosing a subtree, splitting and reinserting
/// nodes), which alone held builds under 50,000 places/s. Here every entry goes to an
/// unlinked temporary file as it is added; ``write(to:)`` sorts them by category code and then
/// by the Hilbert curve index of their location, cuts the sorted run into full nodes (a new
/// leaf at each category, so leaves stay category-pure as ``GazetteerSchema/categoryScale``
/// wants), stacks parent levels the same way, and writes the nodes straight into the R*Tree's
/// shadow tables in the format `ext/rtree/rtree.c` documents:
///
/// - `places_rtree_node(nodeno, data)`: node 1 is the root; a node is a 2-byte tree depth (root
///   only), a 2-byte cell count and cells of an 8-byte id (a place id in a leaf, a child node
///   number above) followed by min/max pairs of big-endian 32-bit floats, zero-padded to the
///   node size the table was created with;
/// - `places_rtree_parent(nodeno, parentnode)` for every node but the root;
/// - `places_rtree_rowid(rowid, nodeno)`: the leaf of every place.
///
/// Coordinates are rounded to floats outward exactly as the R*Tree's own insert rounds them,
/// so queries see the same boxes; tests check the result with SQLite's `rtreecheck()`.
final class PackedPlaceRTree {
    /// One place: its sort key (category code in the high 32 bits, Hilbert index below), id and location.
    private struct Entry {
        var key: UInt64
        var id: Int64
        var longitude: Double
        var latitude: Double

        var category: Int { Int(key >> 32) }
    }

    private let file: AppendOnlyFile
    private(set) var count = 0

    init(directory: URL = FileManager.default.temporaryDirectory) throws {
        file = try AppendOnlyFile(directory: directory)
    }

    /// Adds a place's entry.
    func add(id: Int64, longitude: Double, latitude: Double, category: Int) throws {
        var entry = Entry(
            key: UInt64(UInt32(clamping: category)) << 32 | UInt64(Self.hilbertIndex(longitude, latitude)),
            id: id, longitude: longitude, latitude: latitude)
        try withUnsafeBytes(of: &entry) { try file.append($0) }
        count += 1
    }

    /// Sorts the entries and writes the whole tree into the (empty) `places_rtree` of `connection`.
    func write(to connection: SQLiteConnection) throws {
        guard count > 0 else { return }
        let buffer = try file.mappedForUpdate()
        var entries = buffer.bindMemory(to: Entry.self)
        entries.sort { ($0.key, $0.id) < ($1.key, $1.id) }

        var nodeSize = 0
        try connection.statement("SELECT length(data) FROM places_rtree_node WHERE nodeno = 1").forEachRow {
            nodeSize = Int($0.int(0))
        }
        let layout = NodeLayout(nodeSize: nodeSize, dimensions: 3)
        guard layout.capacity >= 2 else { throw LocatorError(.buildFailed, "the R*Tree's nodes are too small") }

        // The leaves: full runs of entries, a new one at each category.
        var level: [Node] = []
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count, end - start < layout.capacity, entries[end].category == entries[start].category {
                end += 1
            }
            var box = Box.empty
            for entry in entries[start..<end] { box.formUnion(Self.box(of: entry)) }
            level.append(Node(children: start..<end, box: box))
            start = end
        }
        var levels = [level]
        while levels[levels.count - 1].count > 1 {
            let below = levels[levels.count - 1]
            levels.append(
                stride(from: 0, to: below.count, by: layout.capacity).map { first in
                    let children = first..<min(below.count, first + layout.capacity)
                    return Node(
                        children: children, box: below[children].reduce(into: Box.empty) { $0.formUnion($1.box) })
                })
        }

        // Number the nodes from the root (1) down, level by level.
        var firstNumber = [Int](repeating: 0, count: levels.count)
        var next = 1
        for depth in levels.indices.reversed() {
            firstNumber[depth] = next
            next += levels[depth].count
        }

        let writeNode = try connection.statement(
            "INSERT OR REPLACE INTO places_rtree_node(nodeno, data) VALUES (?1, ?2)")
        let writeParent = try connection.statement(
            "INSERT INTO places_rtree_parent(nodeno, parentnode) VALUES (?1, ?2)")
        var data = [UInt8](repeating: 0, count: nodeSize)
        for depth in levels.indices {
            for (offset, node) in levels[depth].enumerated() {
                data.withUnsafeMutableBytes { bytes in
                    bytes.initializeMemory(as: UInt8.self, repeating: 0)
                    if depth == levels.count - 1 { Self.store(UInt16(depth), at: 0, in: bytes) }
                    Self.store(UInt16(node.children.count), at: 2, in: bytes)
                    for (cell, child) in node.children.enumerated() {
                        let (id, box) =
                            depth == 0
                            ? (entries[child].id, Self.box(of: entries[child]))
                            : (Int64(firstNumber[depth - 1] + child), levels[depth - 1][child].box)
                        layout.store(id: id, box: box, cell: cell, in: bytes)
                    }
                }
                let number = Int64(firstNumber[depth] + offset)
                try writeNode.run([.integer(number), .blob(data)])
                if depth < levels.count - 1 {
                    let parent = Int64(firstNumber[depth + 1] + offset / layout.capacity)
                    try writeParent.run([.integer(number), .integer(parent)])
                }
            }
        }

        // Every place's leaf, written in id order (ids are dense: the places table's rowids).
        var (lowest, highest) = (Int64.max, Int64.min)
        for entry in entries {
            lowest = min(lowest, entry.id)
            highest = max(highest, entry.id)
        }
        var leafOf = [UInt32](repeating: 0, count: Int(highest - lowest) + 1)
        for (offset, leaf) in levels[0].enumerated() {
            for child in leaf.children { leafOf[Int(entries[child].id - lowest)] = UInt32(firstNumber[0] + offset) }
        }
        let writeRowID = try connection.statement("INSERT INTO places_rtree_rowid(rowid, nodeno) VALUES (?1, ?2)")
        for (offset, leaf) in leafOf.enumerated() where leaf != 0 {
            try writeRowID.run([.integer(lowest + Int64(offset)), .integer(Int64(leaf))])
        }
    }

    // MARK: - Tree parts

    /// A node: a range of entries (leaf) or of nodes on the level below, and their bounding box.
    private struct Node {
        var children: Range<Int>
        var box: Box
    }

    /// A bounding box as the R*Tree stores it: min/max floats per dimension.
    private struct Box {
        var bounds: (Float, Float, Float, Float, Float, Float)

        static let empty = Box(bounds: (.infinity, -.infinity, .infinity, -.infinity, .infinity, -.infinity))

        mutating func formUnion(_ other: Box) {
            bounds.0 = min(bounds.0, other.bounds.0)
            bounds.1 = max(bounds.1, other.bounds.1)
            bounds.2 = min(bounds.2, other.bounds.2)
            bounds.3 = max(bounds.3, other.bounds.3)
            bounds.4 = min(bounds.4, other.bounds.4)
            bounds.5 = max(bounds.5, other.bounds.5)
        }
    }

    /// Where cells lie in a node's bytes.
    private struct NodeLayout {
        let bytesPerCell: Int
        let capacity: Int

        init(nodeSize: Int, dimensions: Int) {
            bytesPerCell = 8 + dimensions * 2 * 4
            capacity = max(0, (nodeSize - 4) / bytesPerCell)
        }

        func store(id: Int64, box: Box, cell: Int, in bytes: UnsafeMutableRawBufferPointer) {
            let offset = 4 + cell * bytesPerCell
            bytes.storeBytes(of: UInt64(bitPattern: id).bigEndian, toByteOffset: offset, as: UInt64.self)
            let values = [box.bounds.0, box.bounds.1, box.bounds.2, box.bounds.3, box.bounds.4, box.bounds.5]
            for (index, value) in values.enumerated() {
                bytes.storeBytes(of: value.bitPattern.bigEndian, toByteOffset: offset + 8 + index * 4, as: UInt32.self)
            }
        }
    }

    private static func store(_ value: UInt16, at offset: Int, in bytes: UnsafeMutableRawBufferPointer) {
        bytes.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt16.self)
    }

    /// An entry's box: a point in longitude and latitude, one ``GazetteerSchema/categoryThickness``
    /// deep at its category's place in the third dimension.
    private static func box(of entry: Entry) -> Box {
        let category = Double(entry.category) * GazetteerSchema.categoryScale
        return Box(
            bounds: (
                roundedDown(entry.longitude), roundedUp(entry.longitude), roundedDown(entry.latitude),
                roundedUp(entry.latitude), roundedDown(category),
                roundedUp(category + GazetteerSchema.categoryThickness)
            ))
    }

    /// A double as a float no greater than it, as `rtreeValueDown` in SQLite's `rtree.c` makes it.
    static func roundedDown(_ value: Double) -> Float {
        var float = Float(value)
        if Double(float) > value { float = Float(value * (value < 0 ? 1 + 1 / 8_388_608 : 1 - 1 / 8_388_608)) }
        return float
    }

    /// A double as a float no less than it, as `rtreeValueUp` in SQLite's `rtree.c` makes it.
    static func roundedUp(_ value: Double) -> Float {
        var float = Float(value)
        if Double(float) < value { float = Float(value * (value < 0 ? 1 - 1 / 8_388_608 : 1 + 1 / 8_388_608)) }
        return float
    }

    /// The index of a location along a Hilbert curve over a 65,536 × 65,536 grid of the globe,
    /// so that places near each other on the curve are near each other on the map.
    static func hilbertIndex(_ longitude: Double, _ latitude: Double) -> UInt32 {
        let side: UInt64 = 1 << 16
        func cell(_ value: Double, _ range: Double) -> UInt64 {
            guard value.isFinite else { return 0 }
            return UInt64(min(Double(side - 1), max(0, (value + range) / (2 * range) * Double(side))))
        }
        var (x, y) = (cell(longitude, 180), cell(latitude, 90))
        var index: UInt64 = 0
        var s = side / 2
        while s > 0 {
            let rx: UInt64 = x & s > 0 ? 1 : 0
            let ry: UInt64 = y & s > 0 ? 1 : 0
            index += s * s * ((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 {
                    x = side - 1 - x
                    y = side - 1 - y
                }
                swap(&x, &y)
            }
            s /= 2
        }
        return UInt32(index)
    }
}
