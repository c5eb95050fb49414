import Foundation

/// Each place's importance and location by id, in memory: what choosing among a word's
/// full-text matches needs (the most important ones, the ones inside a box) without reading
/// their rows. At 5M places FTS5 hands out a match's id in 0.09 µs, and reading its row for
/// the importance costs 1.3–1.8 µs more, so "karachi"'s 13,000 matches took 23 ms to order
/// by importance through SQL.
///
/// Stored by the build as `place_keys` (``PlaceKeyTable``): three little-endian 32-bit floats a
/// place (importance, longitude, latitude; 12 bytes, 60 MB at 5M places), read whole at first
/// need. 32-bit coordinates are within 2 m of the row's, so a box test is sure except within
/// ``edgeMargin`` of an edge, where the row decides (``GazetteerBackend/keyedMatchIDs(_:area:order:limit:keys:db:)``).
final class PlaceKeys: Sendable {
    /// How many consecutive ids one row of `place_keys` holds.
    static let idsPerBlock = 65_536
    /// The floats of one place.
    static let floatsPerPlace = 3
    /// How far from a box's edge, in degrees, a 32-bit coordinate may be on either side of it.
    static let edgeMargin: Float = 1e-4

    /// Importance, longitude, latitude of id `i` at `3i`, `3i + 1`, `3i + 2`; zeros for ids
    /// no place has.
    private let values: [Float]

    private init(values: [Float]) { self.values = values }

    /// The keys of the gazetteer `db` reads, or `nil` when it has none (schema 25).
    static func load(db: SQLiteConnection) throws -> PlaceKeys? {
        var hasTable = false
        try db.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'place_keys'").forEachRow { _ in
            hasTable = true
        }
        guard hasTable else { return nil }
        var lastBlock: Int64 = -1
        try db.statement("SELECT max(block) FROM place_keys").forEachRow { lastBlock = $0.isNull(0) ? -1 : $0.int(0) }
        guard lastBlock >= 0, lastBlock < Int64(Int32.max) / Int64(idsPerBlock) else { return nil }
        let blockFloats = idsPerBlock * floatsPerPlace
        var values = [Float](repeating: 0, count: Int(lastBlock + 1) * blockFloats)
        var complete = true
        try values.withUnsafeMutableBufferPointer { values in
            try db.statement("SELECT block, keys FROM place_keys ORDER BY block").forEachRow { row in
                let block = Int(row.int(0))
                let bytes = row.blob(1)
                guard block >= 0, block <= Int(lastBlock), bytes.count == blockFloats * 4 else {
                    complete = false
                    return
                }
                for index in 0..<blockFloats {
                    values[block * blockFloats + index] = Float(
                        bitPattern: UInt32(
                            littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
                }
            }
        }
        return complete ? PlaceKeys(values: values) : nil
    }

    /// How many ids the keys cover (`0..<count`).
    var count: Int { values.count / Self.floatsPerPlace }

    /// The importance of place `id` (0 for an id without a place).
    func importance(of id: Int64) -> Float {
        id >= 0 && id < count ? values[Int(id) * Self.floatsPerPlace] : 0
    }

    /// The location of place `id` to 32 bits (~1 m), `nil` for an id without a place.
    func location(of id: Int64) -> (longitude: Float, latitude: Float)? {
        guard id >= 0, id < count else { return nil }
        return (values[Int(id) * Self.floatsPerPlace + 1], values[Int(id) * Self.floatsPerPlace + 2])
    }

    /// Where place `id` lies against `area`.
    enum Placement { case inside, outside, nearEdge }

    func placement(of id: Int64, in area: Envelope) -> Placement {
        guard id >= 0, id < count else { return .nearEdge }
        let lon = values[Int(id) * Self.floatsPerPlace + 1], lat = values[Int(id) * Self.floatsPerPlace + 2]
        let margin = Self.edgeMargin
        let (xmin, xmax, ymin, ymax) = (Float(area.xmin), Float(area.xmax), Float(area.ymin), Float(area.ymax))
        if lon < xmin - margin || lon > xmax + margin || lat < ymin - margin || lat > ymax + margin { return .outside }
        if lon > xmin + margin && lon < xmax - margin && lat > ymin + margin && lat < ymax - margin { return .inside }
        return .nearEdge
    }
}
