import Foundation

/// The `place_keys` table of a build (``PlaceKeys``): each place's importance, longitude and
/// latitude as 32-bit floats, gathered as the places are written and stored in blocks of
/// ``PlaceKeys/idsPerBlock`` ids (786 KB a block; 60 MB in memory at 5M places).
struct PlaceKeyTable {
    /// The blocks so far, each `idsPerBlock × floatsPerPlace` floats, zero where no place is.
    private var blocks: [[Float]] = []

    /// Records place `id`'s keys.
    mutating func add(id: Int64, importance: Double, longitude: Double, latitude: Double) {
        guard id >= 0 else { return }
        let block = Int(id) / PlaceKeys.idsPerBlock
        while blocks.count <= block {
            blocks.append([Float](repeating: 0, count: PlaceKeys.idsPerBlock * PlaceKeys.floatsPerPlace))
        }
        let offset = (Int(id) % PlaceKeys.idsPerBlock) * PlaceKeys.floatsPerPlace
        blocks[block][offset] = Float(importance)
        blocks[block][offset + 1] = Float(longitude)
        blocks[block][offset + 2] = Float(latitude)
    }

    /// Writes the blocks into `place_keys`, little-endian, and lets them go.
    mutating func write(to connection: SQLiteConnection) throws {
        let insert = try connection.statement("INSERT INTO place_keys(block, keys) VALUES (?, ?)")
        for (index, block) in blocks.enumerated() {
            var bytes = [UInt8](repeating: 0, count: block.count * 4)
            bytes.withUnsafeMutableBytes { raw in
                for (offset, value) in block.enumerated() {
                    raw.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: offset * 4, as: UInt32.self)
                }
            }
            try insert.run([.integer(Int64(index)), .blob(bytes)])
        }
        blocks = []
    }
}
