import Foundation

/// Reverse-geocode results kept ready to copy, one per place, for one set of options: a
/// place's result differs from point to point only in its `Distance` and input location, so
/// batch reverse geocoding builds it once (reading the row, the attributes) and patches the
/// rest. Kept with the file's state across batches (``locator batch`` sends a chunk at a time),
/// for the options of the latest batch; at most ``limit`` places, emptied when full.
///
/// ```swift
/// let shelf = state.reverseResults.shelf(for: options)
/// let ready = shelf.results(for: placeIDs)   // [GeocodeResult?]: copied and patched per point
/// shelf.store(built)                         // those that were nil, once built
/// ```
final class ReverseResultShelf: @unchecked Sendable {  // `results` is only touched under `lock`
    /// (More than the world's 237,000 localities: with 100,000, points spread over the world
    /// emptied the shelf before it was of use, 108k against 321k points/s on 200,000 points
    /// around cities1000 towns; the process's peak memory was the same, 549 against 563 MB.)
    static let limit = 300_000
    private let lock = NSLock()
    private var results: [Int64: GeocodeResult] = [:]

    /// The result of each of `ids`, `nil` where none is on the shelf.
    func results(for ids: [Int64]) -> [GeocodeResult?] {
        lock.withLock { ids.map { results[$0] } }
    }

    /// Keeps `built` (at most ``limit`` of them), emptying the shelf first when they would overfill it.
    func store(_ built: [(id: Int64, result: GeocodeResult)]) {
        lock.withLock {
            if results.count + built.count > Self.limit { results.removeAll(keepingCapacity: true) }
            results.reserveCapacity(min(Self.limit, results.count + built.count))
            for (id, result) in built.prefix(Self.limit) { results[id] = result }
        }
    }

    /// The shelves of one file: the latest options' only.
    final class Shelves: @unchecked Sendable {  // `latest` is only touched under `lock`
        private let lock = NSLock()
        private var latest: (options: ReverseGeocodeOptions, shelf: ReverseResultShelf)?

        /// The shelf for `options`, a new one (the old one dropped) when they differ from the latest.
        func shelf(for options: ReverseGeocodeOptions) -> ReverseResultShelf {
            lock.withLock {
                if let latest, latest.options == options { return latest.shelf }
                let shelf = ReverseResultShelf()
                latest = (options, shelf)
                return shelf
            }
        }
    }
}
