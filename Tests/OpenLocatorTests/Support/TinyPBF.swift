import Foundation

/// Writes minimal OSM PBF files (one OSMHeader and one OSMData block, uncompressed).
enum TinyPBF {
    static func varint(_ value: UInt64) -> [UInt8] {
        var n = value
        var out: [UInt8] = []
        repeat {
            let byte = UInt8(n & 0x7F)
            n >>= 7
            out.append(n == 0 ? byte : byte | 0x80)
        } while n != 0
        return out
    }

    static func zigzag(_ n: Int64) -> UInt64 { UInt64(bitPattern: (n << 1) ^ (n >> 63)) }
    static func field(_ number: UInt64, _ bytes: [UInt8]) -> [UInt8] {
        varint(number << 3 | 2) + varint(UInt64(bytes.count)) + bytes
    }
    static func field(_ number: UInt64, varint value: UInt64) -> [UInt8] { varint(number << 3) + varint(value) }

    static func frame(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let blob = field(1, payload)
        let header = field(1, Array(type.utf8)) + field(3, varint: UInt64(blob.count))
        let length = UInt32(header.count).bigEndian
        return withUnsafeBytes(of: length) { Array($0) } + header + blob
    }

    /// A file with one node tagged `name=Cafe X`, `amenity=cafe`.
    static func oneCafe(latitude: Double, longitude: Double) -> Data {
        let strings = ["", "name", "Cafe X", "amenity", "cafe"].flatMap { field(1, Array($0.utf8)) }
        let node =
            field(1, varint: zigzag(1)) + field(2, varint(1) + varint(3)) + field(3, varint(2) + varint(4))
            + field(8, varint: zigzag(Int64(latitude * 1e7))) + field(9, varint: zigzag(Int64(longitude * 1e7)))
        let block = field(1, strings) + field(2, field(1, node))
        return Data(frame("OSMHeader", field(4, Array("OsmSchema-V0.6".utf8))) + frame("OSMData", block))
    }
}

extension TinyPBF {
    /// A file with the given nodes, ways and relations (way members only), uncompressed.
    static func osm(
        nodes: [(id: Int64, lat: Double, lon: Double, tags: [String: String])],
        ways: [(id: Int64, refs: [Int64], tags: [String: String])],
        relations: [(id: Int64, members: [(way: Int64, role: String)], tags: [String: String])]
    ) -> Data {
        var strings = [""]
        func index(_ text: String) -> UInt64 {
            if let i = strings.firstIndex(of: text) { return UInt64(i) }
            strings.append(text)
            return UInt64(strings.count - 1)
        }
        func packed(_ values: [UInt64]) -> [UInt8] { values.flatMap { varint($0) } }
        func tagFields(_ tags: [String: String]) -> [UInt8] {
            let sorted = tags.sorted { $0.key < $1.key }
            guard !sorted.isEmpty else { return [] }
            return field(2, packed(sorted.map { index($0.key) })) + field(3, packed(sorted.map { index($0.value) }))
        }
        func deltas(_ ids: [Int64]) -> [UInt64] {
            var previous: Int64 = 0
            return ids.map { id in
                defer { previous = id }
                return zigzag(id - previous)
            }
        }
        let nodeGroup = nodes.flatMap { node in
            field(
                1,
                field(1, varint: zigzag(node.id)) + tagFields(node.tags)
                    + field(8, varint: zigzag(Int64((node.lat * 1e7).rounded())))
                    + field(9, varint: zigzag(Int64((node.lon * 1e7).rounded()))))
        }
        let wayGroup = ways.flatMap { way in
            field(3, field(1, varint: UInt64(way.id)) + tagFields(way.tags) + field(8, packed(deltas(way.refs))))
        }
        let relationGroup = relations.flatMap { relation in
            field(
                4,
                field(1, varint: UInt64(relation.id)) + tagFields(relation.tags)
                    + field(8, packed(relation.members.map { index($0.role) }))
                    + field(9, packed(deltas(relation.members.map(\.way))))
                    + field(10, packed(relation.members.map { _ in 1 })))
        }
        let groups = field(2, nodeGroup) + field(2, wayGroup) + field(2, relationGroup)
        let block = field(1, strings.flatMap { field(1, Array($0.utf8)) }) + groups
        return Data(frame("OSMHeader", field(4, Array("OsmSchema-V0.6".utf8))) + frame("OSMData", block))
    }
}
