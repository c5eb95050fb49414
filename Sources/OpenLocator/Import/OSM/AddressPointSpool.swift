import Foundation

/// The address points of an OSM import, kept on disk until every file is read.
///
/// A country has tens of millions of them, and each must be merged with the other objects
/// giving the same street and number nearby (a building, its entrance nodes, the shops inside)
/// before any is written, because the building, which gives the location, may come last.
/// Held as ``PlaceRecord``s they cost ~0.5 kB each. Here a point is one variable-length record
/// in one of ``partitionCount`` unlinked temporary files, chosen by the hash of its key (the
/// folded "street number"), so all points of one address share a file. ``merged()`` reads the
/// files back one at a time, sorts each by hash and merges each hash's points: memory holds
/// one file's share (1/64 of the points), whatever the country.
///
/// ```swift
/// let spool = try AddressPointSpool(directory: outputFolder)
/// try spool.add(AddressPointSpool.Point(houseNumber: "10", street: "Mannerheimintie", …))
/// var addresses = spool.merged()
/// while let place = try addresses.next() { … }
/// ```
final class AddressPointSpool {
    /// How close two points with the same street and number must be to be one address.
    static let mergeRadius = 300.0
    /// Files the points are spread over (by the top bits of their key's hash).
    static let partitionCount = 64

    /// One object's address, as read.
    struct Point {
        var houseNumber: String
        var street: String
        var postal: String
        var city: String
        var location: Coordinate
        /// Which object's location wins: 0 a building, 1 an address node, 2 a POI.
        var precedence: UInt8
        var source: String
        /// The index of the file it came from, for the per-file counts.
        var file: Int
    }

    private var partitions: [AppendOnlyFile?]
    private var encoded: [UInt8] = []
    /// Points added (before merging).
    private(set) var count = 0

    /// Makes the temporary files in `directory` (removed at once; they live while open).
    init(directory: URL) throws {
        partitions = try (0..<Self.partitionCount).map { _ in
            try AppendOnlyFile(directory: directory, bufferSize: 64 << 10)
        }
    }

    /// Records a point.
    func add(_ point: Point) throws {
        let key = TextFolding.fold("\(point.street) \(point.houseNumber)")
        let hash = FNV1a.hash(key.utf8)
        encoded.removeAll(keepingCapacity: true)
        Self.append(hash, to: &encoded)
        encoded.append(point.precedence)
        Self.append(UInt64(point.file), to: &encoded)
        Self.append(point.location.lon.bitPattern, to: &encoded)
        Self.append(point.location.lat.bitPattern, to: &encoded)
        for text in [key, point.houseNumber, point.street, point.postal, point.city, point.source] {
            Self.append(UInt64(text.utf8.count), to: &encoded)
            encoded.append(contentsOf: text.utf8)
        }
        try encoded.withUnsafeBytes { try partitions[Self.partition(hash)]!.append($0) }
        count += 1
    }

    private static func partition(_ hash: UInt64) -> Int { Int(hash >> 58) }  // 64 = 2^6

    /// The addresses, merged: points with the same key within ``mergeRadius`` of the address
    /// (as it stands when the point comes) are one address, which keeps the first point's
    /// number and street, takes a postcode and city from later ones when it lacks them, and
    /// moves to a later point of higher precedence. Ordered by key hash, not by file. Call
    /// once, when every point is added: each file is dropped once read.
    func merged() -> MergedAddresses { MergedAddresses(spool: self) }

    /// Takes one partition's records out of the spool, deleting its file.
    fileprivate func takePartition(_ index: Int) throws -> [UInt8] {
        defer { partitions[index] = nil }
        return try partitions[index]?.contents() ?? []
    }

    /// The merged addresses, one ``PlaceRecord`` (a `PointAddress`) at a time.
    struct MergedAddresses {
        private let spool: AddressPointSpool
        private var nextPartition = 0
        /// The partition being merged, and its records' (hash, offset) in hash order.
        private var records: [UInt8] = []
        private var entries: [SortEntry] = []
        private var position = 0
        private var ready: [PlaceRecord] = []
        private let pointAddress = CategoryTree.world["Point Address"]!.code
        /// Addresses given so far by each file (by the file of each address's first point).
        private(set) var countsPerFile: [Int: Int] = [:]

        fileprivate init(spool: AddressPointSpool) { self.spool = spool }

        mutating func next() throws -> PlaceRecord? {
            while ready.isEmpty {
                if position == entries.count {
                    guard nextPartition < AddressPointSpool.partitionCount else { return nil }
                    try load(nextPartition)
                    nextPartition += 1
                } else {
                    mergeNextHash()
                }
            }
            return ready.removeFirst()
        }

        private mutating func load(_ partition: Int) throws {
            (records, entries, position) = ([], [], 0)  // the last partition's memory goes first
            records = try spool.takePartition(partition)
            var offset = 0
            while offset < records.count {
                entries.append(SortEntry(hash: integer(at: offset), offset: UInt64(offset)))
                offset += 8 + 1 + 3 * 8
                for _ in 0..<6 { offset += 8 + Int(integer(at: offset)) }
            }
            entries.sort { ($0.hash, $0.offset) < ($1.hash, $1.offset) }
        }

        private func integer(at offset: Int) -> UInt64 {
            records.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        }

        /// Merges the points of the next hash, in file order (a hash collision's keys apart).
        private mutating func mergeNextHash() {
            let hash = entries[position].hash
            var addresses: [(key: String, point: Point)] = []
            while position < entries.count, entries[position].hash == hash {
                let (key, point) = decode(at: Int(entries[position].offset))
                position += 1
                if let index = addresses.firstIndex(where: {
                    $0.key == key && OSMGeometry.length($0.point.location, point.location) < mergeRadius
                }) {
                    var address = addresses[index].point
                    if address.postal.isEmpty { address.postal = point.postal }
                    if address.city.isEmpty { address.city = point.city }
                    if point.precedence < address.precedence {
                        (address.location, address.source, address.precedence) =
                            (point.location, point.source, point.precedence)
                    }
                    addresses[index].point = address
                } else {
                    addresses.append((key, point))
                }
            }
            for (_, address) in addresses {
                countsPerFile[address.file, default: 0] += 1
                var place = PlaceRecord(
                    name: "", addressType: .pointAddress, category: pointAddress,
                    longitude: address.location.lon, latitude: address.location.lat, importance: 0.02,
                    source: address.source)
                (place.houseNumber, place.street, place.postal, place.city) =
                    (address.houseNumber, address.street, address.postal, address.city)
                ready.append(place)
            }
        }

        private func decode(at start: Int) -> (key: String, point: Point) {
            var offset = start + 8  // (the hash)
            func integer() -> UInt64 {
                defer { offset += 8 }
                return self.integer(at: offset)
            }
            func text() -> String {
                let length = Int(integer())
                defer { offset += length }
                return String(decoding: records[offset..<offset + length], as: UTF8.self)
            }
            let precedence = records[offset]
            offset += 1
            let file = Int(integer())
            let lon = Double(bitPattern: integer())
            let lat = Double(bitPattern: integer())
            let key = text()
            let point = Point(
                houseNumber: text(), street: text(), postal: text(), city: text(),
                location: Coordinate(lon: lon, lat: lat), precedence: precedence, source: text(), file: file)
            return (key, point)
        }
    }

    fileprivate struct SortEntry {
        var hash: UInt64
        var offset: UInt64
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
