import Foundation

/// Builds an SQLite R*Tree table in one pass at the end of a build, as a packed Hilbert R-tree,
/// instead of inserting entries one at a time.
///
/// SQLite's R*Tree insert costs ~18 µs an entry (choosing a subtree, splitting and reinserting
/// nodes): it held builds under 50,000 places/s, and a country's millions of street segments
/// took minutes. Here every entry goes to an unlinked temporary file as it is added;
/// ``write(to:)`` sorts them by ``RTreeEntry/sortKey`` (a Hilbert curve index, after the
/// category for places) and cuts the sorted run into full nodes (a new leaf whenever
/// ``RTreeEntry/group`` changes, so places' leaves stay category-pure as
/// ``GazetteerSchema/categoryScale`` wants) and stacks full parent levels on them (parents may
/// span groups: their children are pure, so a query skips them at one node), then writes the
/// nodes straight into the R*Tree's shadow tables in the format `ext/rtree/rtree.c` documents:
///
/// - `<table>_node(nodeno, data)`: node 1 is the root; a node is a 2-byte tree depth (root
///   only), a 2-byte cell count and cells of an 8-byte id (an entry's id in a leaf, a child
///   node number above) followed by min/max pairs of big-endian 32-bit floats, zero-padded to
///   the node size the table was created with;
/// - `<table>_parent(nodeno, parentnode)` for every node but the root;
/// - `<table>_rowid(rowid, nodeno, a0, a1, …)`: every entry's leaf and auxiliary columns.
///
/// Coordinates are rounded to floats outward exactly as the R*Tree's own insert rounds them,
/// so queries see the same boxes; tests check the result with SQLite's `rtreecheck()`.
final class PackedRTree<Entry: RTreeEntry> {
    let table: String
    /// The entries so far; released once written.
    private var file: AppendOnlyFile?
    private(set) var count = 0
    /// Signalled when the thread ``startPacking(for:)`` started has set `packingResult`.
    private var packingDone: DispatchSemaphore?
    private var packingResult: Result<Packed?, any Error>?

    /// Collects entries for `table`, an empty R*Tree with `Entry.dimensions` dimensions and
    /// `Entry.auxiliaryColumns` auxiliary columns.
    init(table: String, directory: URL) throws {
        self.table = table
        file = try AppendOnlyFile(directory: directory)
    }

    func add(_ entry: Entry) throws {
        // A whole stride per entry (padding included), so the file reads back as an array.
        try withUnsafeTemporaryAllocation(of: Entry.self, capacity: 1) { slot in
            UnsafeMutableRawBufferPointer(slot).initializeMemory(as: UInt8.self, repeating: 0)
            slot.baseAddress!.pointee = entry
            guard let file else { throw LocatorError(.buildFailed, "the R*Tree was added to after it was written") }
            try file.append(UnsafeRawBufferPointer(slot))
        }
        count += 1
    }

    /// The size of the table's nodes, which ``pack(nodeSize:)`` needs.
    private func nodeSize(in connection: SQLiteConnection) throws -> Int {
        var nodeSize = 0
        try connection.statement("SELECT length(data) FROM \"\(table)_node\" WHERE nodeno = 1").forEachRow {
            nodeSize = Int($0.int(0))
        }
        return nodeSize
    }

    /// The tree laid out: the entries sorted by (`sortKey`, id), the nodes of each level from
    /// the leaves up, and the number of each level's first node.
    private struct Packed {
        var entries: UnsafeMutableBufferPointer<Entry>
        var levels: [[Node]]
        var firstNumber: [Int]
        var layout: NodeLayout
    }
    /// Sorts the entries and lays out the nodes; `nil` without entries.
    private func pack(nodeSize: Int) throws -> Packed? {
        guard count > 0, let file else { return nil }
        var entries = try file.mappedForUpdate().bindMemory(to: Entry.self)
        entries.sort { ($0.sortKey, $0.id) < ($1.sortKey, $1.id) }
        let layout = NodeLayout(nodeSize: nodeSize, dimensions: Entry.dimensions)
        guard layout.capacity >= 2 else { throw LocatorError(.buildFailed, "the R*Tree's nodes are too small") }

        // The leaves: full runs of entries, a new one at each group.
        var level: [Node] = []
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count, end - start < layout.capacity, entries[end].group == entries[start].group {
                end += 1
            }
            var box = RTreeBox.empty
            for entry in entries[start..<end] { box.formUnion(entry.box) }
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
                        children: children, box: below[children].reduce(into: RTreeBox.empty) { $0.formUnion($1.box) })
                })
        }

        // Number the nodes from the root (1) down, level by level.
        var firstNumber = [Int](repeating: 0, count: levels.count)
        var next = 1
        for depth in levels.indices.reversed() {
            firstNumber[depth] = next
            next += levels[depth].count
        }
        return Packed(entries: entries, levels: levels, firstNumber: firstNumber, layout: layout)
    }

    /// Starts sorting the entries and laying out the nodes on a thread of its own, for
    /// ``write(to:)`` to write into `connection`'s R*Tree later: a build's writer makes an
    /// index meanwhile. (At 1M places the packing takes 0.2 s.) The thread first calls
    /// `entriesAdded`, which returns once the last entry is in (another thread may still be
    /// adding them) or throws why there will be none; its error is `write`'s.
    func startPacking(
        for connection: SQLiteConnection, entriesAdded: @escaping @Sendable () throws -> Void = {}
    ) throws {
        let nodeSize = try nodeSize(in: connection)
        let done = DispatchSemaphore(value: 0)
        packingDone = done
        // (The thread holds `self`, so the entries stay mapped until it ends. It alone sets
        // `packingResult`, which `write` reads once it has waited for `done`.)
        nonisolated(unsafe) let tree = self
        Thread {
            tree.packingResult = Result {
                try entriesAdded()
                return try tree.pack(nodeSize: nodeSize)
            }
            done.signal()
        }.start()
    }

    /// Writes the whole tree into the (empty) R*Tree of `connection`, packing it first unless
    /// ``startPacking(for:)`` did. Once only: the entries are released.
    func write(to connection: SQLiteConnection) throws {
        defer { file = nil }  // unmaps and frees the temporary file
        let packed: Packed?
        if let packingDone {
            packingDone.wait()
            packed = try packingResult?.get() ?? nil
        } else {
            packed = try pack(nodeSize: nodeSize(in: connection))
        }
        guard let packed else { return }
        let (levels, firstNumber, layout) = (packed.levels, packed.firstNumber, packed.layout)
        var entries = packed.entries

        let writeNode = try connection.statement(
            "INSERT OR REPLACE INTO \"\(table)_node\"(nodeno, data) VALUES (?1, ?2)")
        let writeParent = try connection.statement(
            "INSERT INTO \"\(table)_parent\"(nodeno, parentnode) VALUES (?1, ?2)")
        var data = [UInt8](repeating: 0, count: layout.nodeSize)
        for depth in levels.indices {
            for (offset, node) in levels[depth].enumerated() {
                data.withUnsafeMutableBytes { bytes in
                    bytes.initializeMemory(as: UInt8.self, repeating: 0)
                    if depth == levels.count - 1 { Self.store(UInt16(depth), at: 0, in: bytes) }
                    Self.store(UInt16(node.children.count), at: 2, in: bytes)
                    for (cell, child) in node.children.enumerated() {
                        let (id, box) =
                            depth == 0
                            ? (entries[child].id, entries[child].box)
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

        // Every entry's leaf and auxiliary values, in id order, which SQLite appends fastest.
        // The sort keys have served; each entry's now holds its leaf's number.
        for (offset, leaf) in levels[0].enumerated() {
            for child in leaf.children { entries[child].sortKey = UInt64(firstNumber[0] + offset) }
        }
        let inIDOrder =
            Self.idOrder(of: UnsafeBufferPointer(entries))
            ?? {
                entries.sort { $0.id < $1.id }
                return nil
            }()
        let writeRowIDs = try MultiRowInsert(
            into: "\(table)_rowid", columns: ["rowid", "nodeno"] + (0..<Entry.auxiliaryColumns).map { "a\($0)" },
            on: connection)
        try writeRowIDs.insert(entries.count) { index, statement, first in
            let entry = entries[inIDOrder.map { Int($0[index]) } ?? index]
            statement.bind(entry.id, at: first + 1)
            statement.bind(Int64(entry.sortKey), at: first + 2)
            entry.bindAuxiliaryValues(to: statement, from: first + 3)
        }
    }

    /// Where each entry lies, in id order, when the ids are consecutive (as a build numbers
    /// places and street segments): one pass instead of sorting the entries again by id
    /// (0.18 s at 1M places). `nil` for other ids.
    static func idOrder(of entries: UnsafeBufferPointer<Entry>) -> [UInt32]? {
        guard let first = entries.min(by: { $0.id < $1.id })?.id, entries.count <= UInt32.max else { return nil }
        var order = [UInt32](repeating: UInt32.max, count: entries.count)
        for (position, entry) in entries.enumerated() {
            let slot = entry.id - first
            guard slot < Int64(order.count), order[Int(slot)] == UInt32.max else { return nil }
            order[Int(slot)] = UInt32(position)
        }
        return order
    }

    /// A node: a range of entries (leaf) or of nodes on the level below, and their bounding box.
    private struct Node {
        var children: Range<Int>
        var box: RTreeBox
    }

    /// Where cells lie in a node's bytes.
    private struct NodeLayout {
        let nodeSize: Int
        let dimensions: Int
        let bytesPerCell: Int
        let capacity: Int

        init(nodeSize: Int, dimensions: Int) {
            self.nodeSize = nodeSize
            self.dimensions = dimensions
            bytesPerCell = 8 + dimensions * 2 * 4
            capacity = max(0, (nodeSize - 4) / bytesPerCell)
        }

        func store(id: Int64, box: RTreeBox, cell: Int, in bytes: UnsafeMutableRawBufferPointer) {
            let offset = 4 + cell * bytesPerCell
            bytes.storeBytes(of: UInt64(bitPattern: id).bigEndian, toByteOffset: offset, as: UInt64.self)
            func put(_ value: Float, _ index: Int) {
                bytes.storeBytes(of: value.bitPattern.bigEndian, toByteOffset: offset + 8 + index * 4, as: UInt32.self)
            }
            put(box.bounds.0, 0)
            put(box.bounds.1, 1)
            put(box.bounds.2, 2)
            put(box.bounds.3, 3)
            if dimensions == 3 {
                put(box.bounds.4, 4)
                put(box.bounds.5, 5)
            }
        }
    }

    private static func store(_ value: UInt16, at offset: Int, in bytes: UnsafeMutableRawBufferPointer) {
        bytes.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt16.self)
    }
}

/// An entry of a ``PackedRTree``: a plain value (it is stored as bytes in a temporary file).
protocol RTreeEntry: SendableMetatype {
    /// The R*Tree's dimensions (2 or 3) and auxiliary columns.
    static var dimensions: Int { get }
    static var auxiliaryColumns: Int { get }
    /// The entry's id (the R*Tree's first column).
    var id: Int64 { get }
    /// Entries are packed in this order. (Stored, not computed: sorting compares it often.)
    var sortKey: UInt64 { get set }
    /// Entries of different groups never share a leaf.
    var group: UInt32 { get }
    /// The entry's box, rounded outward to floats.
    var box: RTreeBox { get }
    /// Binds the values of the auxiliary columns, in order, from parameter `index` on.
    func bindAuxiliaryValues(to statement: SQLiteStatement, from index: Int32)
}

/// A bounding box as the R*Tree stores it: min/max floats for up to three dimensions.
struct RTreeBox {
    var bounds: (Float, Float, Float, Float, Float, Float)

    static let empty = RTreeBox(bounds: (.infinity, -.infinity, .infinity, -.infinity, .infinity, -.infinity))

    /// A box from min/max doubles, rounded outward as the R*Tree's own insert rounds them.
    init(_ minX: Double, _ maxX: Double, _ minY: Double, _ maxY: Double, _ minZ: Double = 0, _ maxZ: Double = 0) {
        bounds = (
            Self.roundedDown(minX), Self.roundedUp(maxX), Self.roundedDown(minY), Self.roundedUp(maxY),
            Self.roundedDown(minZ), Self.roundedUp(maxZ)
        )
    }

    private init(bounds: (Float, Float, Float, Float, Float, Float)) { self.bounds = bounds }

    mutating func formUnion(_ other: RTreeBox) {
        bounds.0 = min(bounds.0, other.bounds.0)
        bounds.1 = max(bounds.1, other.bounds.1)
        bounds.2 = min(bounds.2, other.bounds.2)
        bounds.3 = max(bounds.3, other.bounds.3)
        bounds.4 = min(bounds.4, other.bounds.4)
        bounds.5 = max(bounds.5, other.bounds.5)
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
    /// so that entries near each other on the curve are near each other on the map.
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

/// A place in `places_rtree`: a point in longitude and latitude, one
/// ``GazetteerSchema/categoryThickness`` deep at its category's place in the third dimension,
/// packed by category and then along the Hilbert curve.
struct PlaceRTreeEntry: RTreeEntry {
    static let dimensions = 3
    static let auxiliaryColumns = 0
    let id: Int64
    let longitude: Double
    let latitude: Double
    let category: UInt32
    var sortKey: UInt64

    init(id: Int64, longitude: Double, latitude: Double, category: UInt32) {
        (self.id, self.longitude, self.latitude, self.category) = (id, longitude, latitude, category)
        sortKey = UInt64(category) << 32 | UInt64(RTreeBox.hilbertIndex(longitude, latitude))
    }

    var group: UInt32 { category }
    var box: RTreeBox {
        let z = Double(category) * GazetteerSchema.categoryScale
        return RTreeBox(longitude, longitude, latitude, latitude, z, z + GazetteerSchema.categoryThickness)
    }
    func bindAuxiliaryValues(to statement: SQLiteStatement, from index: Int32) {}
}

/// A straight piece of a street in `street_segments` (auxiliary columns: the street's place id
/// and the two ends), packed along the Hilbert curve by its middle.
struct StreetSegmentRTreeEntry: RTreeEntry {
    static let dimensions = 2
    static let auxiliaryColumns = 5
    let id: Int64
    let placeID: Int64
    let a: Coordinate
    let b: Coordinate
    var sortKey: UInt64

    init(id: Int64, placeID: Int64, a: Coordinate, b: Coordinate) {
        (self.id, self.placeID, self.a, self.b) = (id, placeID, a, b)
        sortKey = UInt64(RTreeBox.hilbertIndex((a.lon + b.lon) / 2, (a.lat + b.lat) / 2))
    }

    var group: UInt32 { 0 }
    var box: RTreeBox { RTreeBox(min(a.lon, b.lon), max(a.lon, b.lon), min(a.lat, b.lat), max(a.lat, b.lat)) }
    func bindAuxiliaryValues(to statement: SQLiteStatement, from index: Int32) {
        statement.bind(placeID, at: index)
        statement.bind(a.lon, at: index + 1)
        statement.bind(a.lat, at: index + 2)
        statement.bind(b.lon, at: index + 3)
        statement.bind(b.lat, at: index + 4)
    }
}
