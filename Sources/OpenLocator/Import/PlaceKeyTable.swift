import Foundation

/// The `place_keys` table of a build (``PlaceKeys``): each place's importance, longitude and
/// latitude as 32-bit floats and its category code, gathered as the places are written and
/// stored in blocks of ``PlaceKeys/idsPerBlock`` ids (1 MB a block; 80 MB in memory at 5M
/// places).
struct PlaceKeyTable {
    /// The blocks so far, each `idsPerBlock × wordsPerPlace` words, zero where no place is.
    private var blocks: [[UInt32]] = []

    /// Records place `id`'s keys.
    mutating func add(id: Int64, importance: Double, longitude: Double, latitude: Double, category: Int) {
        guard id >= 0 else { return }
        let block = Int(id) / PlaceKeys.idsPerBlock
        while blocks.count <= block {
            blocks.append([UInt32](repeating: 0, count: PlaceKeys.idsPerBlock * PlaceKeys.wordsPerPlace))
        }
        let offset = (Int(id) % PlaceKeys.idsPerBlock) * PlaceKeys.wordsPerPlace
        blocks[block][offset] = Float(importance).bitPattern
        blocks[block][offset + 1] = Float(longitude).bitPattern
        blocks[block][offset + 2] = Float(latitude).bitPattern
        blocks[block][offset + 3] = UInt32(clamping: category)
    }

    /// Writes the blocks into `place_keys`, little-endian, and lets them go.
    mutating func write(to connection: SQLiteConnection) throws {
        let insert = try connection.statement("INSERT INTO place_keys(block, keys) VALUES (?, ?)")
        for (index, block) in blocks.enumerated() {
            var bytes = [UInt8](repeating: 0, count: block.count * 4)
            bytes.withUnsafeMutableBytes { raw in
                for (offset, word) in block.enumerated() {
                    raw.storeBytes(of: word.littleEndian, toByteOffset: offset * 4, as: UInt32.self)
                }
            }
            try insert.run([.integer(Int64(index)), .blob(bytes)])
        }
        blocks = []
    }
}
