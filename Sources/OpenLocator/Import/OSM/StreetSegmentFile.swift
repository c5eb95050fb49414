import Foundation

/// The straight pieces of the streets an OSM import joined, on disk: 40 bytes each (the
/// street's index and both ends) in an unlinked temporary file. A country's tens of millions
/// are read back in order to pack the `street_segments` R*Tree, and one at a time to find the
/// street nearest a place, never held in memory.
final class StreetSegmentFile {
    /// One piece of a street: `street` indexes the import's streets.
    struct Segment {
        var street: Int
        var a: Coordinate
        var b: Coordinate
    }

    private struct Record {
        var street: UInt32
        var lon1, lat1, lon2, lat2: Double
    }

    private let file: AppendOnlyFile
    /// Segments appended.
    private(set) var count = 0

    /// Makes the temporary file in `directory` (removed at once; it lives while open).
    init(directory: URL) throws { file = try AppendOnlyFile(directory: directory) }

    func append(street: Int, _ a: Coordinate, _ b: Coordinate) throws {
        var record = Record(street: UInt32(street), lon1: a.lon, lat1: a.lat, lon2: b.lon, lat2: b.lat)
        try withUnsafeBytes(of: &record) { try file.append($0) }
        count += 1
    }

    /// The segment at `index`.
    func segment(_ index: Int) throws -> Segment {
        var record = Record(street: 0, lon1: 0, lat1: 0, lon2: 0, lat2: 0)
        try withUnsafeMutableBytes(of: &record) {
            try file.read(
                into: UnsafeMutableRawBufferPointer(rebasing: $0[..<Self.recordSize]), at: index * Self.recordSize)
        }
        return Self.segment(record)
    }

    /// Calls `body` with every segment, in the order appended, reading a block at a time.
    func forEach(_ body: (Segment) throws -> Void) throws {
        let perBlock = 16_384
        var block = [Record](repeating: Record(street: 0, lon1: 0, lat1: 0, lon2: 0, lat2: 0), count: perBlock)
        var start = 0
        while start < count {
            let n = min(perBlock, count - start)
            try block.withUnsafeMutableBytes {
                try file.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: $0[..<(n * Self.recordSize)]),
                    at: start * Self.recordSize)
            }
            for record in block[..<n] { try body(Self.segment(record)) }
            start += n
        }
    }

    private static let recordSize = MemoryLayout<Record>.stride

    private static func segment(_ record: Record) -> Segment {
        Segment(
            street: Int(record.street), a: Coordinate(lon: record.lon1, lat: record.lat1),
            b: Coordinate(lon: record.lon2, lat: record.lat2))
    }
}
