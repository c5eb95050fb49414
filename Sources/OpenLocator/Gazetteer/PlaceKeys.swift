import Foundation

/// Each place's importance, location and category by id, in memory: what choosing among a
/// word's full-text matches needs (the most important ones, the ones inside a box, the streets
/// among them) without reading their rows. At 5M places FTS5 hands out a match's id in
/// 0.09 µs, and reading its row for the importance costs 1.3–1.8 µs more, so "karachi"'s
/// 13,000 matches took 23 ms to order by importance through SQL.
///
/// Stored by the build as `place_keys` (``PlaceKeyTable``): four little-endian 32-bit words a
/// place (importance, longitude and latitude as floats, the category code; 16 bytes, 80 MB at
/// 5M places), read whole at first need. Schema 26 files hold the first three only, and their
/// keys choose no category. 32-bit coordinates are within 2 m of the row's, so a box test is
/// sure except within ``edgeMargin`` of an edge, where the row decides
/// (``GazetteerBackend/keyedMatchIDs(_:area:categories:ids:order:limit:keys:db:)``).
final class PlaceKeys: Sendable {
    /// How many consecutive ids one row of `place_keys` holds.
    static let idsPerBlock = 65_536
    /// The words of one place, as built now.
    static let wordsPerPlace = 4
    /// How far from a box's edge, in degrees, a 32-bit coordinate may be on either side of it.
    static let edgeMargin: Float = 1e-4

    /// Importance, longitude, latitude (float bit patterns) and category of id `i` from
    /// `stride × i`; zeros for ids no place has.
    private let words: [UInt32]
    /// 4, or 3 in a schema 26 file (no category).
    private let stride: Int

    private init(words: [UInt32], stride: Int) {
        (self.words, self.stride) = (words, stride)
    }

    /// The keys of the gazetteer `db` reads, or `nil` when it has none (schema 25).
    static func load(db: SQLiteConnection) throws -> PlaceKeys? {
        var hasTable = false
        try db.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'place_keys'").forEachRow { _ in
            hasTable = true
        }
        guard hasTable else { return nil }
        var lastBlock: Int64 = -1
        var blockBytes = 0
        try db.statement("SELECT block, length(keys) FROM place_keys ORDER BY block DESC LIMIT 1").forEachRow {
            (lastBlock, blockBytes) = ($0.isNull(0) ? -1 : $0.int(0), Int($0.int(1)))
        }
        let stride = blockBytes / (idsPerBlock * 4)
        guard lastBlock >= 0, lastBlock < Int64(Int32.max) / Int64(idsPerBlock), stride == 3 || stride == 4,
            blockBytes == stride * idsPerBlock * 4
        else { return nil }
        let blockWords = idsPerBlock * stride
        var words = [UInt32](repeating: 0, count: Int(lastBlock + 1) * blockWords)
        var complete = true
        try words.withUnsafeMutableBufferPointer { words in
            try db.statement("SELECT block, keys FROM place_keys ORDER BY block").forEachRow { row in
                let block = Int(row.int(0))
                let bytes = row.blob(1)
                guard block >= 0, block <= Int(lastBlock), bytes.count == blockWords * 4 else {
                    complete = false
                    return
                }
                for index in 0..<blockWords {
                    words[block * blockWords + index] = UInt32(
                        littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                }
            }
        }
        return complete ? PlaceKeys(words: words, stride: stride) : nil
    }

    /// How many ids the keys cover (`0..<count`).
    var count: Int { words.count / stride }

    /// Whether the keys hold each place's category (schema 27 on).
    var hasCategories: Bool { stride == 4 }

    /// The importance of place `id` (0 for an id without a place).
    func importance(of id: Int64) -> Float {
        id >= 0 && id < count ? Float(bitPattern: words[Int(id) * stride]) : 0
    }

    /// The location of place `id` to 32 bits (~1 m), `nil` for an id without a place.
    func location(of id: Int64) -> (longitude: Float, latitude: Float)? {
        guard id >= 0, id < count else { return nil }
        return (Float(bitPattern: words[Int(id) * stride + 1]), Float(bitPattern: words[Int(id) * stride + 2]))
    }

    /// The category code of place `id`, `nil` for an id without a place or keys without
    /// categories.
    func category(of id: Int64) -> Int? {
        guard hasCategories, id >= 0, id < count else { return nil }
        return Int(words[Int(id) * stride + 3])
    }

    /// Whether place `id`'s category is in one of `ranges` (every place is, for `nil`).
    func isIn(_ ranges: [ClosedRange<Int>]?, _ id: Int64) -> Bool {
        guard let ranges else { return true }
        guard let category = category(of: id) else { return false }
        return ranges.contains { $0.contains(category) }
    }

    /// Where place `id` lies against `area`.
    enum Placement { case inside, outside, nearEdge }

    func placement(of id: Int64, in area: Envelope) -> Placement {
        guard let (lon, lat) = location(of: id) else { return .nearEdge }
        let margin = Self.edgeMargin
        let (xmin, xmax, ymin, ymax) = (Float(area.xmin), Float(area.xmax), Float(area.ymin), Float(area.ymax))
        if lon < xmin - margin || lon > xmax + margin || lat < ymin - margin || lat > ymax + margin { return .outside }
        if lon > xmin + margin && lon < xmax - margin && lat > ymin + margin && lat < ymax - margin { return .inside }
        return .nearEdge
    }
}
