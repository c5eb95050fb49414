import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where an OSM import keeps what later elements refer back to, off the heap: every node's
/// location (16 bytes each) and every way's node list, in unlinked temporary files read back
/// through `mmap`. A country's hundreds of millions of nodes then cost disk and page cache,
/// not memory the process must hold; the only in-memory part is 20 bytes per way of index.
///
/// PBF files list nodes, then ways, then relations, each sorted by id, so lookups are binary
/// searches. Elements out of that order (rare, hand-made files) go to small dictionaries.
final class OSMGeometryStore {
    private let nodes: AppendOnlyFile
    private var lastNodeID = Int64.min
    private var nodesFrozen: UnsafeRawBufferPointer?
    private var lateNodes: [Int64: Coordinate] = [:]

    private let wayRefs: AppendOnlyFile
    private var wayIDs: [Int64] = []
    private var wayOffsets: [Int64] = []  // in node refs (8 bytes each)
    private var wayCounts: [Int32] = []
    private var waysSorted = true
    private var wayRefsFrozen: UnsafeRawBufferPointer?
    private var lateWays: [Int64: [Int64]] = [:]

    /// Makes the two temporary files in `directory` (removed at once; they live while open).
    init(directory: URL = FileManager.default.temporaryDirectory) throws {
        nodes = try AppendOnlyFile(directory: directory)
        wayRefs = try AppendOnlyFile(directory: directory)
    }

    /// Records a node's location.
    func addNode(id: Int64, at coordinate: Coordinate) throws {
        guard nodesFrozen == nil, id > lastNodeID else {
            lateNodes[id] = coordinate
            return
        }
        lastNodeID = id
        var record = (id, Int32((coordinate.lat * 1e7).rounded()), Int32((coordinate.lon * 1e7).rounded()))
        try withUnsafeBytes(of: &record) { try nodes.append($0) }
    }

    /// A node's location, if the file has the node.
    func node(_ id: Int64) throws -> Coordinate? {
        if nodesFrozen == nil { nodesFrozen = try nodes.mapped() }
        if !lateNodes.isEmpty, let late = lateNodes[id] { return late }
        guard let buffer = nodesFrozen else { return nil }
        var (low, high) = (0, buffer.count / 16)
        while low < high {
            let middle = (low + high) / 2
            let found = buffer.load(fromByteOffset: middle * 16, as: Int64.self)
            if found == id {
                let lat = buffer.load(fromByteOffset: middle * 16 + 8, as: Int32.self)
                let lon = buffer.load(fromByteOffset: middle * 16 + 12, as: Int32.self)
                return Coordinate(lon: Double(lon) / 1e7, lat: Double(lat) / 1e7)
            }
            if found < id { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Records a way's node list (for relations that use the way as an outer ring, and for
    /// street geometry once the file is read).
    func addWay(id: Int64, refs: [Int64]) throws {
        guard wayRefsFrozen == nil else {
            lateWays[id] = refs
            return
        }
        if let last = wayIDs.last, id <= last { waysSorted = false }
        wayIDs.append(id)
        wayOffsets.append(wayRefs.length / 8)
        wayCounts.append(Int32(clamping: refs.count))
        try refs.withUnsafeBytes { try wayRefs.append($0) }
    }

    /// A way's node list, if the file has the way.
    func wayNodes(_ id: Int64) throws -> [Int64]? {
        if wayRefsFrozen == nil {
            wayRefsFrozen = try wayRefs.mapped()
            if !waysSorted {
                let order = wayIDs.indices.sorted { wayIDs[$0] < wayIDs[$1] }
                (wayIDs, wayOffsets, wayCounts) = (
                    order.map { wayIDs[$0] }, order.map { wayOffsets[$0] }, order.map { wayCounts[$0] }
                )
                waysSorted = true
            }
        }
        var (low, high) = (0, wayIDs.count)
        while low < high {
            let middle = (low + high) / 2
            if wayIDs[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < wayIDs.count, wayIDs[low] == id, let buffer = wayRefsFrozen else { return lateWays[id] }
        let start = Int(wayOffsets[low]) * 8
        return (0..<Int(wayCounts[low])).map { buffer.load(fromByteOffset: start + $0 * 8, as: Int64.self) }
    }
}
