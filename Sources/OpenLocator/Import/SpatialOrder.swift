import Foundation

/// Places handed out in the order of a Hilbert curve over their locations, so ids given in
/// write order follow space: a town's places get one stretch of ids, whatever the size of the
/// file and the order it lists them in.
///
/// That is what keeps an intersection of full-text lists short. FTS5 lists are in id order and
/// skip to an id through their index, so "melbourne" AND "33" reads only the part of the "33"
/// list between Melbourne's first and last ids: in a file written in input order that is
/// almost all of it (193,833 entries at 20M synthetic places). Nearby places also share
/// pages of the `places` table, so a category or reverse search reads fewer.
///
/// A sort in bounded memory: up to ``runLength`` places are sorted in memory and handed out.
/// A longer source is read in runs of that many, each sorted and written to a temporary file
/// (unlinked at once, ~100 bytes a place) on another thread while the next is read, and the
/// runs are then merged. Ties keep the order read.
///
/// ```swift
/// var places = SpatialOrder(spillingTo: folder) { try reader.next() }
/// try places.sort { print("\($0) places read and sorted") }  // (else the first `next()` sorts)
/// while let place = try places.next() { … }  // in Hilbert order
/// ```
struct SpatialOrder {
    /// How many places are sorted in memory at a time (~300 bytes each).
    static let runLength = 500_000

    private let runLength: Int
    private let directory: URL
    private let source: () throws -> PlaceRecord?
    private var started = false
    /// A source of at most one run: its places and their positions in order.
    private var run: [PlaceRecord] = []
    private var order: [Int] = []
    private var position = 0
    private var lookahead: PlaceRecord?
    /// A longer source: its sorted runs, merged.
    private var merge: RunMerge?

    init(
        runLength: Int = SpatialOrder.runLength, spillingTo directory: URL,
        _ source: @escaping () throws -> PlaceRecord?
    ) {
        (self.runLength, self.directory, self.source) = (max(runLength, 1), directory, source)
    }

    mutating func next() throws -> PlaceRecord? {
        if !started { try sort() }
        if let merge { return try merge.next() }
        guard position < order.count else { return nil }
        defer { position += 1 }
        return run[order[position]]
    }

    /// The key places are sorted by: their index along ``RTreeBox/hilbertIndex(_:_:)``'s curve
    /// (the one the R*Trees are packed by).
    static func key(_ place: PlaceRecord) -> UInt32 { RTreeBox.hilbertIndex(place.longitude, place.latitude) }

    /// `places` in Hilbert order of their locations, ties in the order given.
    static func sorted(_ places: [PlaceRecord]) -> [PlaceRecord] { order(of: places).map { places[$0] } }

    /// The positions of `places` in Hilbert order, ties in the order given.
    fileprivate static func order(of places: [PlaceRecord]) -> [Int] {
        places.indices.map { (key: key(places[$0]), index: $0) }
            .sorted { ($0.key, $0.index) < ($1.key, $1.index) }.map(\.index)
    }

    /// Reads the source and sorts it: the first run in memory; when the source goes on, every
    /// run written sorted to disk, `spilled` told how many places are read after each, and
    /// the runs' merge started. Done by the first ``next()`` if not before.
    mutating func sort(spilled: (Int) -> Void = { _ in }) throws {
        guard !started else { return }
        started = true
        var more = try readRun()
        guard more else {
            order = Self.order(of: run)
            return
        }
        // (Each run is sorted and written on another thread while this one reads the next.)
        let spiller = RunSpiller(directory: directory)
        var read = 0
        while true {
            try spiller.spill(run)
            read += run.count
            spilled(read)
            guard more else { break }
            more = try readRun()
        }
        run = []
        merge = try RunMerge(try spiller.finish())
    }

    /// Reads up to ``runLength`` places into `run`; `true` when the source has more (the next
    /// one is read ahead).
    private mutating func readRun() throws -> Bool {
        run.removeAll(keepingCapacity: true)
        if let lookahead { run.append(lookahead) }
        while run.count < runLength, let place = try source() { run.append(place) }
        lookahead = run.count == runLength ? try source() : nil
        return lookahead != nil
    }
}

/// Sorts runs and writes them to disk one at a time on a thread of its own, so a build reads
/// the next run meanwhile (two runs in memory at most).
private final class RunSpiller: @unchecked Sendable {  // `runs` and `failure` only touched after `group.wait()`
    private let directory: URL
    private let group = DispatchGroup()
    private var runs: [SortedRun] = []
    private var failure: (any Error)?

    init(directory: URL) { self.directory = directory }

    /// Waits for the run before to be written, then starts writing `places` sorted.
    func spill(_ places: [PlaceRecord]) throws {
        group.wait()
        if let failure { throw failure }
        group.enter()
        DispatchQueue.global().async { [self] in
            defer { group.leave() }
            do {
                runs.append(try SortedRun(places, in: SpatialOrder.order(of: places), directory: directory))
            } catch {
                failure = error
            }
        }
    }

    /// The runs written, once the last is.
    func finish() throws -> [SortedRun] {
        group.wait()
        if let failure { throw failure }
        return runs
    }
}

/// One run of places, sorted, in a temporary file, read back a buffer at a time.
private final class SortedRun {
    private let file: AppendOnlyFile
    private var buffer: [UInt8] = []
    /// Where in `buffer` the next record starts, and how much of `buffer` holds file bytes.
    private var start = 0
    private var end = 0
    /// Where in the file `buffer`'s bytes end.
    private var fileOffset = 0

    /// Writes `places` in the order of the positions `order`.
    init(_ places: [PlaceRecord], in order: [Int], directory: URL) throws {
        file = try AppendOnlyFile(directory: directory)
        var bytes: [UInt8] = []
        for place in order.lazy.map({ places[$0] }) {
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: [0, 0, 0, 0])  // (the length, filled in below)
            place.encode(into: &bytes)
            withUnsafeBytes(of: UInt32(bytes.count - 4).littleEndian) { length in
                bytes.withUnsafeMutableBytes { $0.copyMemory(from: length) }
            }
            try bytes.withUnsafeBytes { try file.append($0) }
        }
    }

    /// The next place of the run, `nil` after the last.
    func next() throws -> PlaceRecord? {
        guard try available(4) else { return nil }
        let length = Int(
            buffer.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt32.self)) })
        guard try available(4 + length) else {
            throw LocatorError(.buildFailed, "a temporary file of the build ended inside a place")
        }
        var offset = start + 4
        let place = buffer.withUnsafeBytes {
            PlaceRecord.decode(UnsafeRawBufferPointer(rebasing: $0[..<(start + 4 + length)]), at: &offset)
        }
        start += 4 + length
        return place
    }

    /// Makes `count` bytes from `start` readable, reading more of the file when needed;
    /// `false` when the file has fewer left.
    private func available(_ count: Int) throws -> Bool {
        if end - start >= count { return true }
        let left = Int(file.length) - fileOffset
        guard end - start + left >= count else { return false }
        // Move what is left to the front and fill the rest (a buffer of at least 256 kB).
        let kept = Array(buffer[start..<end])
        let size = max(count, 256 << 10)
        buffer = kept + [UInt8](repeating: 0, count: max(0, min(size - kept.count, left)))
        try buffer.withUnsafeMutableBytes {
            try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[kept.count...]), at: fileOffset)
        }
        fileOffset += buffer.count - kept.count
        (start, end) = (0, buffer.count)
        return end >= count
    }
}

/// Sorted runs merged into one order: a heap of each run's next place by (key, run).
private final class RunMerge {
    private let runs: [SortedRun]
    private var heads: [PlaceRecord?]
    /// Runs with a place left, as a binary min-heap by (key of the head, run index).
    private var heap: [(key: UInt32, run: Int)] = []

    init(_ runs: [SortedRun]) throws {
        self.runs = runs
        heads = try runs.map { try $0.next() }
        for (index, head) in heads.enumerated() {
            if let head { push((SpatialOrder.key(head), index)) }
        }
    }

    func next() throws -> PlaceRecord? {
        guard let top = heap.first else { return nil }
        let place = heads[top.run]
        heads[top.run] = try runs[top.run].next()
        if let head = heads[top.run] {
            heap[0] = (SpatialOrder.key(head), top.run)
            siftDown(0)
        } else {
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
            if !heap.isEmpty { siftDown(0) }
        }
        return place
    }

    private static func before(_ a: (key: UInt32, run: Int), _ b: (key: UInt32, run: Int)) -> Bool {
        (a.key, a.run) < (b.key, b.run)
    }

    private func push(_ entry: (key: UInt32, run: Int)) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ index: Int) {
        var parent = index
        while true {
            var smallest = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < heap.count {
                if Self.before(heap[child], heap[smallest]) { smallest = child }
            }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
