import Foundation

/// The nearest of a fixed set of points on the Earth, found in memory: a k-d tree over the
/// points' unit vectors. The straight-line (chord) distance between unit vectors grows with
/// the great-circle distance, so the nearest by chord is the nearest on the sphere — at the
/// poles and across the ±180° line too, where boxes of degrees go wrong.
///
/// ```swift
/// let tree = SphereTree([(id: 1, longitude: 24.94, latitude: 60.17), (id: 2, longitude: 18.07, latitude: 59.33)])
/// tree.nearest(2, to: Point(latitude: 59.9, longitude: 10.75), within: 1_000_000)  // [(2, 417 km), (1, …)]
/// ```
struct SphereTree: Sendable {
    /// One point: its id and where it is, in degrees and as a unit vector.
    struct Entry: Sendable {
        var id: Int64
        var longitude: Double
        var latitude: Double
        var x: Double, y: Double, z: Double

        init(id: Int64, longitude: Double, latitude: Double) {
            self.id = id
            self.longitude = longitude
            self.latitude = latitude
            (x, y, z) = SphereTree.unitVector(longitude: longitude, latitude: latitude)
        }

        func coordinate(_ axis: UInt8) -> Double { axis == 0 ? x : axis == 1 ? y : z }
    }

    /// The entries in tree order: each range's middle entry splits the rest along `axes[middle]`;
    /// a range of at most ``leafSize`` is a leaf, read through.
    private var entries: [Entry]
    private var axes: [UInt8]

    var count: Int { entries.count }
    static let leafSize = 8

    /// Builds the tree; points with a coordinate that is not finite are left out.
    init(_ points: [(id: Int64, longitude: Double, latitude: Double)]) {
        entries = points.filter { $0.longitude.isFinite && $0.latitude.isFinite }.map {
            Entry(id: $0.id, longitude: $0.longitude, latitude: $0.latitude)
        }
        axes = Array(repeating: 0, count: entries.count)
        build(0..<entries.count)
    }

    /// The `k` nearest points within `maxDistance` metres, nearest first, ties by id, each with
    /// its great-circle (haversine) distance.
    func nearest(_ k: Int, to center: Point, within maxDistance: Double) -> [(entry: Entry, distance: Double)] {
        guard k > 0, !entries.isEmpty, center.x.isFinite, center.y.isFinite else { return [] }
        let query = Self.unitVector(longitude: center.x, latitude: center.y)
        var search = Search(k: k, query: query, limit: Self.squaredChord(maxDistance))
        entries.withUnsafeBufferPointer { entries in
            axes.withUnsafeBufferPointer { axes in search.visit(0, entries.count, entries, axes) }
        }
        return search.best.compactMap { candidate -> (entry: Entry, distance: Double)? in
            let entry = entries[candidate.index]
            let d = GreatCircle.distance(
                latitude1: center.y, longitude1: center.x, latitude2: entry.latitude, longitude2: entry.longitude)
            return d <= maxDistance ? (entry, d) : nil
        }.sorted { ($0.distance, $0.entry.id) < ($1.distance, $1.entry.id) }
    }

    /// The nearest point within `maxDistance` metres (ties by id), as `nearest(1, …)` without
    /// its arrays: the batch reverse geocoder's nearest town.
    func nearest(to center: Point, within maxDistance: Double) -> (entry: Entry, distance: Double)? {
        guard !entries.isEmpty, center.x.isFinite, center.y.isFinite else { return nil }
        let query = Self.unitVector(longitude: center.x, latitude: center.y)
        var search = NearestSearch(query: query, bound: Self.squaredChord(maxDistance))
        entries.withUnsafeBufferPointer { entries in
            axes.withUnsafeBufferPointer { axes in search.visit(0, entries.count, entries, axes) }
        }
        guard search.index >= 0 else { return nil }
        let entry = entries[search.index]
        let d = GreatCircle.distance(
            latitude1: center.y, longitude1: center.x, latitude2: entry.latitude, longitude2: entry.longitude)
        return d <= maxDistance ? (entry, d) : nil
    }

    /// The squared chord of the longest arc allowed, with room for rounding: the haversine
    /// check after the walk is the exact one.
    private static func squaredChord(_ maxDistance: Double) -> Double {
        let arc = min(maxDistance / GreatCircle.earthRadius, .pi)
        let chord = 2 * sin(arc / 2) * (1 + 1e-9) + 1e-12
        return chord * chord
    }

    static func unitVector(longitude: Double, latitude: Double) -> (Double, Double, Double) {
        let lon = longitude * .pi / 180, lat = latitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    /// Orders `range` as a subtree: the median along the axis of widest spread in the middle,
    /// smaller ones before it, larger after, each side a subtree in turn.
    private mutating func build(_ range: Range<Int>) {
        guard range.count > Self.leafSize else { return }
        var low = (Double.infinity, Double.infinity, Double.infinity)
        var high = (-Double.infinity, -Double.infinity, -Double.infinity)
        for entry in entries[range] {
            low = (min(low.0, entry.x), min(low.1, entry.y), min(low.2, entry.z))
            high = (max(high.0, entry.x), max(high.1, entry.y), max(high.2, entry.z))
        }
        let spread = (high.0 - low.0, high.1 - low.1, high.2 - low.2)
        let axis: UInt8 = spread.0 >= spread.1 && spread.0 >= spread.2 ? 0 : spread.1 >= spread.2 ? 1 : 2
        let middle = range.lowerBound + range.count / 2
        select(middle, in: range, axis: axis)
        axes[middle] = axis
        build(range.lowerBound..<middle)
        build(middle + 1..<range.upperBound)
    }

    /// Puts the entry that sorts at `target` along `axis` there, smaller ones before (quickselect).
    private mutating func select(_ target: Int, in range: Range<Int>, axis: UInt8) {
        var low = range.lowerBound, high = range.upperBound - 1
        while low < high {
            let pivot = entries[(low + high) / 2].coordinate(axis)
            var i = low, j = high
            while i <= j {
                while entries[i].coordinate(axis) < pivot { i += 1 }
                while entries[j].coordinate(axis) > pivot { j -= 1 }
                if i <= j {
                    entries.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if target <= j {
                high = j
            } else if target >= i {
                low = i
            } else {
                return
            }
        }
    }

    /// One query's walk for the single nearest: the best so far by squared chord, ties by id.
    private struct NearestSearch {
        let query: (Double, Double, Double)
        /// The squared chord to beat (or tie): the limit, then the best so far.
        var bound: Double
        var id = Int64.max
        var index = -1

        init(query: (Double, Double, Double), bound: Double) {
            self.query = query
            self.bound = bound
        }

        mutating func visit(
            _ lower: Int, _ upper: Int, _ entries: UnsafeBufferPointer<Entry>, _ axes: UnsafeBufferPointer<UInt8>
        ) {
            if upper - lower <= SphereTree.leafSize {
                for index in lower..<upper { offer(entries[index], index) }
                return
            }
            let middle = lower + (upper - lower) / 2
            let entry = entries[middle]
            offer(entry, middle)
            let axis = axes[middle]
            let gap = (axis == 0 ? query.0 : axis == 1 ? query.1 : query.2) - entry.coordinate(axis)
            if gap < 0 {
                visit(lower, middle, entries, axes)
                if gap * gap <= bound { visit(middle + 1, upper, entries, axes) }
            } else {
                visit(middle + 1, upper, entries, axes)
                if gap * gap <= bound { visit(lower, middle, entries, axes) }
            }
        }

        private mutating func offer(_ entry: Entry, _ at: Int) {
            let dx = entry.x - query.0, dy = entry.y - query.1, dz = entry.z - query.2
            let squared = dx * dx + dy * dy + dz * dz
            if squared < bound || squared == bound && entry.id < id { (bound, id, index) = (squared, entry.id, at) }
        }
    }

    /// One query's walk: the best `k` so far by squared chord, ties by id.
    private struct Search {
        let k: Int
        let query: (Double, Double, Double)
        /// The squared chord beyond which nothing counts.
        let limit: Double
        var best: [(squared: Double, id: Int64, index: Int)] = []

        init(k: Int, query: (Double, Double, Double), limit: Double) {
            self.k = k
            self.query = query
            self.limit = limit
            best.reserveCapacity(k + 1)
        }

        /// The squared chord a point must beat (or tie) to enter the best.
        var bound: Double { best.count < k ? limit : best[best.count - 1].squared }

        mutating func visit(
            _ lower: Int, _ upper: Int, _ entries: UnsafeBufferPointer<Entry>, _ axes: UnsafeBufferPointer<UInt8>
        ) {
            if upper - lower <= SphereTree.leafSize {
                for index in lower..<upper { offer(entries[index], index) }
                return
            }
            let middle = lower + (upper - lower) / 2
            let entry = entries[middle]
            offer(entry, middle)
            let axis = axes[middle]
            let gap = (axis == 0 ? query.0 : axis == 1 ? query.1 : query.2) - entry.coordinate(axis)
            if gap < 0 {
                visit(lower, middle, entries, axes)
                if gap * gap <= bound { visit(middle + 1, upper, entries, axes) }
            } else {
                visit(middle + 1, upper, entries, axes)
                if gap * gap <= bound { visit(lower, middle, entries, axes) }
            }
        }

        private mutating func offer(_ entry: Entry, _ index: Int) {
            let dx = entry.x - query.0, dy = entry.y - query.1, dz = entry.z - query.2
            let squared = dx * dx + dy * dy + dz * dz, id = entry.id
            guard squared <= limit else { return }
            if best.count == k {
                let worst = best[k - 1]
                guard (squared, id) < (worst.squared, worst.id) else { return }
                best.removeLast()
            }
            var position = best.count
            while position > 0, (squared, id) < (best[position - 1].squared, best[position - 1].id) { position -= 1 }
            best.insert((squared, id, index), at: position)
        }
    }
}
