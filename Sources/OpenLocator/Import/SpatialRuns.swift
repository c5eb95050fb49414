import Foundation

/// Places handed out in runs of ``runLength``, each run in Z-order (the Morton code of the
/// location), so ids given in write order follow space: a town's places get ids close
/// together instead of spread over the whole file.
///
/// That is what keeps an intersection of full-text lists short. FTS5 lists are in id order and
/// skip to an id through their index, so "melbourne" AND "33" reads only the part of the "33"
/// list between Melbourne's first and last ids: in a file written in input order that is
/// almost all of it (193,833 entries at 20M synthetic places). Nearby places also share
/// pages of the `places` table, so a category or reverse search reads fewer.
///
/// A run is held in memory (about 300 bytes a place), so a file of any size is still read in
/// bounded memory; a town's places then lie in one stretch of ids per run.
///
/// ```swift
/// var runs = SpatialRuns { try reader.next() }
/// while let place = try runs.next() { … }  // ids follow space, run by run
/// ```
struct SpatialRuns {
    /// How many places a build sorts at a time.
    static let runLength = 500_000

    private let runLength: Int
    private let source: () throws -> PlaceRecord?
    private var run: [PlaceRecord] = []
    /// The run's places in Z-order, as positions in `run` (sorting these, not the places,
    /// copies no place).
    private var order: [Int] = []
    private var position = 0
    private var sourceEnded = false

    init(runLength: Int = SpatialRuns.runLength, _ source: @escaping () throws -> PlaceRecord?) {
        (self.runLength, self.source) = (max(runLength, 1), source)
    }

    mutating func next() throws -> PlaceRecord? {
        if position == order.count {
            guard !sourceEnded else { return nil }
            try readRun()
            guard !order.isEmpty else { return nil }
        }
        defer { position += 1 }
        return run[order[position]]
    }

    /// Reads the next run and orders it by Z-order, ties in the order read.
    private mutating func readRun() throws {
        run.removeAll(keepingCapacity: true)
        position = 0
        while run.count < runLength {
            guard let place = try source() else {
                sourceEnded = true
                break
            }
            run.append(place)
        }
        order = Self.zOrder(of: run)
    }

    /// `places` sorted by the Z-order code of their locations, ties in the order given.
    static func inZOrder(_ places: [PlaceRecord]) -> [PlaceRecord] {
        zOrder(of: places).map { places[$0] }
    }

    /// The positions of `places` in Z-order of their locations, ties in the order given.
    private static func zOrder(of places: [PlaceRecord]) -> [Int] {
        places.indices.map { index in
            (key: mortonCode(longitude: places[index].longitude, latitude: places[index].latitude), index: index)
        }.sorted { ($0.key, $0.index) < ($1.key, $1.index) }.map(\.index)
    }

    /// The Z-order code of a location: longitude and latitude quantized to 32 bits each and
    /// their bits interleaved, so places close together mostly get close codes.
    static func mortonCode(longitude: Double, latitude: Double) -> UInt64 {
        func quantized(_ value: Double, _ low: Double, _ span: Double) -> UInt64 {
            let fraction = value.isFinite ? min(max((value - low) / span, 0), 1) : 0
            return UInt64(fraction * Double(UInt32.max))
        }
        return spread(quantized(longitude, -180, 360)) | spread(quantized(latitude, -90, 180)) << 1
    }

    /// The low 32 bits of `value` moved to the even bit positions.
    private static func spread(_ value: UInt64) -> UInt64 {
        var v = value & 0xFFFF_FFFF
        v = (v | v << 16) & 0x0000_FFFF_0000_FFFF
        v = (v | v << 8) & 0x00FF_00FF_00FF_00FF
        v = (v | v << 4) & 0x0F0F_0F0F_0F0F_0F0F
        v = (v | v << 2) & 0x3333_3333_3333_3333
        v = (v | v << 1) & 0x5555_5555_5555_5555
        return v
    }
}
