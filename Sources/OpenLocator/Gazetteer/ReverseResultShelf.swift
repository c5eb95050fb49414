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
/// shelf.store(built, of: builtIDs)           // those that were nil, once built
/// ```
final class ReverseResultShelf: @unchecked Sendable {  // `shelved` is only touched under `lock`
    /// (More than the world's 237,000 localities: with 100,000, points spread over the world
    /// emptied the shelf before it was of use, 108k against 321k points/s on 200,000 points
    /// around cities1000 towns; the process's peak memory was the same, 549 against 563 MB.)
    static let limit = 300_000
    private let lock = NSLock()
    private var shelved = Shelved()

    /// The results stored, as the batches that built them stored them, and where each place's
    /// is. Readers copy it under the lock (a reference to each part) and look up outside it,
    /// so threads answering points do not wait on each other.
    private struct Shelved {
        var stored: [[GeocodeResult?]] = []
        var slots: [Int64: (batch: Int32, offset: Int32)] = [:]

        func result(_ id: Int64) -> GeocodeResult? {
            slots[id].flatMap { stored[Int($0.batch)][Int($0.offset)] }
        }
    }

    /// The result of each of `ids`, `nil` where none is on the shelf.
    func results(for ids: [Int64]) -> [GeocodeResult?] {
        let shelved: Shelved = lock.withLock { self.shelved }
        return ids.map { shelved.result($0) }
    }

    /// Keeps `built`, the results of `ids` (`nil` for none; at most ``limit`` of them), emptying
    /// the shelf first when they would overfill it.
    func store(_ built: [GeocodeResult?], of ids: [Int64]) {
        precondition(built.count == ids.count, "one result per id")
        let kept = built.count > Self.limit ? Array(built.prefix(Self.limit)) : built
        lock.withLock {
            if shelved.slots.count + kept.count > Self.limit { shelved = Shelved() }
            let batch = Int32(shelved.stored.count)
            shelved.stored.append(kept)
            shelved.slots.reserveCapacity(shelved.slots.count + kept.count)
            // (A row gone stays nil: asked for again, it is built again.)
            for offset in kept.indices { shelved.slots[ids[offset]] = (batch, Int32(offset)) }
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
