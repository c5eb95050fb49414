import Foundation
import Testing

@testable import OpenLocator

/// The reference numbers and elements below were checked against pyosmium 4.3.2 (libosmium) on the same file.
@Suite struct OSMPBFReaderTests {
    @Test func readsEveryNodeWayAndRelationOfTheHelsinkiExtract() throws {
        let elements = try Helsinki.elements()
        #expect(elements.nodes.count == 24_260)
        #expect(elements.ways.count == 5_130)
        #expect(elements.relations.count == 620)
        #expect(elements.nodes.filter { !$0.tags.isEmpty }.count == 8_106)
        let nodeTags = elements.nodes.reduce(0) { $0 + $1.tags.count }
        let wayTags = elements.ways.reduce(0) { $0 + $1.tags.count }
        let relationTags = elements.relations.reduce(0) { $0 + $1.tags.count }
        #expect(nodeTags + wayTags + relationTags == 58_075)
        #expect(elements.ways.map(\.nodeRefs.count).reduce(0, +) == 38_026)
        #expect(elements.relations.map(\.members.count).reduce(0, +) == 84_049)
    }

    @Test func findsTheEightyNineCafesOfCentralHelsinki() throws {
        let cafes = try Helsinki.elements().nodes.filter { $0.tags["amenity"] == "cafe" }
        #expect(cafes.count == 89)
        let java = try #require(cafes.first)
        #expect(java.id == 60_068_035)
        #expect(abs(java.latitude - 60.169967) < 1e-9)
        #expect(abs(java.longitude - 24.937518) < 1e-9)
        #expect(
            java.tags == [
                "addr:city": "Helsinki", "addr:country": "FI", "amenity": "cafe", "name": "Cafe Java",
                "opening_hours": "Mo,Tu 08:00-22:00; We-Sa 08:00-24:00, Su 09:00-22:00",
                "url": "http://www.cafejava.fi/", "wheelchair": "limited",
            ])
        #expect(cafes[1].tags["name"] == "Cafè Sanomakahvila")
        #expect(cafes[1].tags["addr:street"] == "Töölönlahdenkatu")
    }

    @Test func decodesDenseNodeIdsCoordinatesAndTags() throws {
        let nodes = try Helsinki.elements().nodes
        let first = try #require(nodes.first)
        #expect(first.id == 25_291_537)
        #expect(abs(first.latitude - 60.1643249) < 1e-9)
        #expect(abs(first.longitude - 24.9370245) < 1e-9)
        #expect(first.tags.isEmpty)

        let last = try #require(nodes.last)
        #expect(last.id == 6_394_671_610)
        #expect(abs(last.latitude - 60.1699754) < 1e-9)
        #expect(abs(last.longitude - 24.9457495) < 1e-9)
        #expect(last.tags == ["amenity": "conference_centre", "name": "Epicenter Helsinki"])

        let crossing = try #require(nodes.first { $0.id == 292_727_220 })
        #expect(abs(crossing.latitude - 60.1664439) < 1e-9)
        #expect(abs(crossing.longitude - 24.9433654) < 1e-9)
        #expect(crossing.tags == ["highway": "crossing", "crossing": "traffic_signals", "segregated": "yes"])

        #expect(abs(nodes.map(\.latitude).reduce(0, +) - 1_459_744.8200208002) < 1e-6)
        #expect(abs(nodes.map(\.longitude).reduce(0, +) - 605_147.909892603) < 1e-6)
    }

    @Test func decodesAWaysNodeRefsAndTags() throws {
        let ways = try Helsinki.elements().ways
        let street = try #require(ways.first)
        #expect(street.id == 4_236_349)
        #expect(street.nodeRefs == [1_372_477_605, 292_727_220, 2_394_117_042])
        #expect(
            street.tags == [
                "lit": "yes", "name": "Erottajankatu", "lanes": "2", "oneway": "yes", "highway": "unclassified",
                "name:fi": "Erottajankatu", "name:sv": "Skillnadsgatan", "surface": "paved", "maxspeed": "30",
                "parking:lane:both": "no_stopping", "parking:condition:reason": "junction",
            ])
        #expect(
            ways.last
                == OSMWay(
                    id: 684_443_849, nodeRefs: [1_703_241_290, 319_521_877, 313_975_185], tags: ["highway": "footway"]))
    }

    @Test func decodesRelationMembersWithTheirKindsAndRoles() throws {
        let relations = try Helsinki.elements().relations
        #expect(
            relations.first
                == OSMRelation(
                    id: 4055,
                    members: [
                        .init(kind: .way, ref: 123_552_494, role: "outer"),
                        .init(kind: .way, ref: 17_430_894, role: "inner"),
                    ],
                    tags: [
                        "building:levels": "3", "building:min_level": "2", "building:part": "yes",
                        "type": "multipolygon",
                    ]))

        let restriction = try #require(relations.first { $0.id == 9833 })
        #expect(
            restriction.members == [
                .init(kind: .node, ref: 256_669_737, role: "via"),
                .init(kind: .way, ref: 26_428_941, role: "from"),
                .init(kind: .way, ref: 30_260_137, role: "to"),
            ])
        #expect(restriction.tags["restriction"] == "only_straight_on")

        let routeMaster = try #require(relations.last)
        #expect(routeMaster.id == 9_427_673)
        #expect(
            routeMaster.members == [.init(kind: .relation, ref: 9_427_672), .init(kind: .relation, ref: 9_427_671)])
        #expect(routeMaster.tags["name"] == "231N Elielinaukio–Leppävaara–Lintuvaara–Järvenperä")

        let kinds = relations.flatMap(\.members).map(\.kind)
        #expect(kinds.filter { $0 == .node }.count == 7_837)
        #expect(kinds.filter { $0 == .way }.count == 75_697)
        #expect(kinds.filter { $0 == .relation }.count == 515)
    }

    @Test func visitsNodesThenWaysThenRelationsInAscendingIdOrder() throws {
        let elements = try Helsinki.elements()
        #expect(elements.order.count == 24_260 + 5_130 + 620)
        #expect(zip(elements.order, elements.order.dropFirst()).allSatisfy { ($0.rank, $0.id) < ($1.rank, $1.id) })
    }

    @Test func decodesPlainNodesGranularityAndCoordinateOffsets() throws {
        var elements: [OSMElement] = []
        try OSMPBFReader(data: Data(HandMade.file)).forEach { elements.append($0) }
        #expect(elements == HandMade.expected)
    }

    @Test func passesErrorsThrownByTheVisitorThroughUnchanged() throws {
        struct Stop: Error {}
        var visited = 0
        #expect(throws: Stop.self) {
            try OSMPBFReader(contentsOf: Helsinki.url).forEach { _ in
                visited += 1
                if visited == 10 { throw Stop() }
            }
        }
        #expect(visited == 10)
    }

    @Test func rejectsAnEmptyFile() throws {
        let error = try withTemporaryFile([]) { url in
            #expect(throws: OSMPBFError.self) { try OSMPBFReader(contentsOf: url).forEach { _ in } }
        }
        #expect(error?.description == "not an OSM PBF file: the file is empty")
    }

    @Test func rejectsRandomBytes() throws {
        var generator = SplitMix64(seed: 42)
        for length in [1, 3, 4, 5, 100, 70_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let error = try withTemporaryFile(bytes) { url in
                #expect(throws: OSMPBFError.self) { try OSMPBFReader(contentsOf: url).forEach { _ in } }
            }
            #expect(error?.description.hasPrefix("not an OSM PBF file: ") == true)
        }
    }

    @Test func rejectsTextThatIsNotOSMPBF() throws {
        let error = try withTemporaryFile(Array("<?xml version='1.0'?><osm></osm>".utf8)) { url in
            #expect(throws: OSMPBFError.self) { try OSMPBFReader(contentsOf: url).forEach { _ in } }
        }
        #expect(error?.description == "not an OSM PBF file: blob header too large (1010792557 bytes) at offset 0")
    }

    @Test func rejectsATruncatedHelsinkiExtract() throws {
        let bytes = try Array(Data(contentsOf: Helsinki.url))
        for length in [2, 10, 100, bytes.count / 2, bytes.count - 1] {
            let error = try withTemporaryFile(Array(bytes.prefix(length))) { url in
                #expect(throws: OSMPBFError.self) { try OSMPBFReader(contentsOf: url).forEach { _ in } }
            }
            #expect(error?.description.contains("truncated") == true)
        }
    }

    @Test func rejectsCorruptZlibData() throws {
        var bytes = try Array(Data(contentsOf: Helsinki.url))
        let firstDataBlob = try bytes.withUnsafeBytes { file in
            var offset = 0
            _ = try OSMPBFReader.nextBlob(in: file, offset: &offset)
            return try OSMPBFReader.nextBlob(in: file, offset: &offset).blobOffset
        }
        for index in firstDataBlob + 100..<firstDataBlob + 120 { bytes[index] ^= 0x5A }
        let error = try withTemporaryFile(bytes) { url in
            #expect(throws: OSMPBFError.self) { try OSMPBFReader(contentsOf: url).forEach { _ in } }
        }
        #expect(error?.description.contains("zlib data does not inflate") == true)
    }

    @Test(arguments: [(4, "lzma"), (5, "bzip2"), (6, "lz4"), (7, "zstd")])
    func namesUnsupportedCompression(field: Int, compression: String) throws {
        let blob = HandMade.field(field, bytes: [1, 2, 3])
        let file = HandMade.header + HandMade.block(type: "OSMData", blob: blob)
        let error = try withTemporaryFile(file) { url in
            #expect(throws: OSMPBFError.self) { try OSMPBFReader(contentsOf: url).forEach { _ in } }
        }
        #expect(
            error?.description
                == "unsupported OSM PBF file: \(compression)-compressed blob at offset \(file.count - blob.count)")
    }

    @Test func namesUnsupportedRequiredFeatures() throws {
        let header = HandMade.rawBlock(
            type: "OSMHeader",
            HandMade.field(4, string: "OsmSchema-V0.6") + HandMade.field(4, string: "HistoricalInformation"))
        let error = try withTemporaryFile(header) { url in
            #expect(throws: OSMPBFError.self) { try OSMPBFReader(contentsOf: url).forEach { _ in } }
        }
        // The blob follows the 4-byte length and the 13-byte BlobHeader.
        #expect(
            error?.description
                == "unsupported OSM PBF file: required feature \"HistoricalInformation\" in blob at offset 17")
    }

    @Test func rejectsAFileThatDoesNotStartWithAHeaderBlock() throws {
        let data = Data(HandMade.file.dropFirst(HandMade.header.count))
        let error = #expect(throws: OSMPBFError.self) { try OSMPBFReader(data: data).forEach { _ in } }
        #expect(error?.description == "not an OSM PBF file: first block is \"OSMData\", not OSMHeader")
    }

    @Test func rejectsAMissingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).osm.pbf")
        let error = #expect(throws: OSMPBFError.self) { try OSMPBFReader(contentsOf: url) }
        #expect(error?.description.hasPrefix("cannot read \(url.path): ") == true)
    }

    @Test func neverTrapsOnAnyTruncationOrSingleByteCorruption() {
        let file = HandMade.file
        var inputs = (0..<file.count).map { Array(file.prefix($0)) }
        for index in file.indices {
            for flip: UInt8 in [0x01, 0x40, 0x80, 0xFF] {
                var corrupt = file
                corrupt[index] ^= flip
                inputs.append(corrupt)
            }
        }
        for input in inputs {
            do {
                try OSMPBFReader(data: Data(input)).forEach { _ in }
            } catch is OSMPBFError {
                continue
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }
}

extension OSMPBFReaderTests {
    /// The Helsinki extract in the repository, decoded once and shared by the tests.
    fileprivate enum Helsinki {
        static let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Gazetteer/sources/Helsinki.osm.pbf")

        struct Elements: Sendable {
            var nodes: [OSMNode] = []
            var ways: [OSMWay] = []
            var relations: [OSMRelation] = []
            /// Each element's kind (0 node, 1 way, 2 relation) and id, in file order.
            var order: [(rank: Int, id: Int64)] = []
        }

        private static let decoded = Result { () throws -> Elements in
            var elements = Elements()
            try OSMPBFReader(contentsOf: url).forEach { element in
                switch element {
                case .node(let node): elements.nodes.append(node); elements.order.append((0, node.id))
                case .way(let way): elements.ways.append(way); elements.order.append((1, way.id))
                case .relation(let relation):
                    elements.relations.append(relation); elements.order.append((2, relation.id))
                }
            }
            return elements
        }

        static func elements() throws -> Elements { try decoded.get() }
    }

    /// A small OSM PBF file written by hand with raw (uncompressed) blobs, covering what the Helsinki extract lacks:
    /// plain nodes, a coarser granularity, coordinate offsets, negative ids and scale fields after the groups.
    fileprivate enum HandMade {
        static func varint(_ value: UInt64) -> [UInt8] {
            var value = value
            var bytes: [UInt8] = []
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            return bytes + [UInt8(value)]
        }

        static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

        static func field(_ number: Int, varint value: UInt64) -> [UInt8] {
            varint(UInt64(number << 3)) + varint(value)
        }

        static func field(_ number: Int, bytes: [UInt8]) -> [UInt8] {
            varint(UInt64(number << 3 | 2)) + varint(UInt64(bytes.count)) + bytes
        }

        static func field(_ number: Int, string: String) -> [UInt8] { field(number, bytes: Array(string.utf8)) }

        static func field(_ number: Int, packed values: [UInt64]) -> [UInt8] {
            field(number, bytes: values.flatMap(varint))
        }

        static func field(_ number: Int, deltas values: [Int64]) -> [UInt8] {
            field(number, packed: zip(values, [0] + values).map { zigzag($0 - $1) })
        }

        /// Frames a `Blob` message: a 4-byte big-endian length, a `BlobHeader` of `type`, then the blob.
        static func block(type: String, blob: [UInt8]) -> [UInt8] {
            let header = field(1, string: type) + field(3, varint: UInt64(blob.count))
            let length = UInt32(header.count)
            return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
                + header + blob
        }

        static func rawBlock(type: String, _ payload: [UInt8]) -> [UInt8] {
            block(type: type, blob: field(1, bytes: payload))
        }

        static let header = rawBlock(
            type: "OSMHeader", field(4, string: "OsmSchema-V0.6") + field(4, string: "DenseNodes"))

        static let strings = ["", "amenity", "cafe", "name", "Kahvila", "outer", "type", "multipolygon"]

        static let file: [UInt8] = {
            let stringTable = field(1, bytes: strings.flatMap { field(1, string: $0) })
            let plainNode = field(
                1,
                bytes: field(1, varint: zigzag(-7)) + field(2, packed: [1]) + field(3, packed: [2])
                    + field(8, varint: zigzag(60_123_456)) + field(9, varint: zigzag(-24_654_321)))
            let denseNodes = field(
                2,
                bytes: field(1, deltas: [10, 11, 12]) + field(8, deltas: [60_000_000, 60_000_100, 59_999_999])
                    + field(9, deltas: [24_000_000, 24_000_050, 24_000_001])
                    + field(10, packed: [1, 2, 3, 4, 0, 0, 3, 4, 0]))
            let way = field(
                3,
                bytes: field(1, varint: 20) + field(2, packed: [3]) + field(3, packed: [4])
                    + field(8, deltas: [10, 11, 12, 10]))
            let relation = field(
                4,
                bytes: field(1, varint: 30) + field(2, packed: [6]) + field(3, packed: [7])
                    + field(8, packed: [5, 0]) + field(9, deltas: [20, 10]) + field(10, packed: [1, 0]))
            let block =
                stringTable + field(2, bytes: plainNode) + field(2, bytes: denseNodes) + field(2, bytes: way + relation)
                + field(17, varint: 1000) + field(19, varint: UInt64(bitPattern: 5))
                + field(20, varint: UInt64(bitPattern: -7))
            return header + rawBlock(type: "OSMData", block)
        }()

        static let expected: [OSMElement] = [
            .node(OSMNode(id: -7, latitude: 60.123456005, longitude: -24.654321007, tags: ["amenity": "cafe"])),
            .node(
                OSMNode(
                    id: 10, latitude: 60.000000005, longitude: 23.999999993,
                    tags: ["amenity": "cafe", "name": "Kahvila"])),
            .node(OSMNode(id: 11, latitude: 60.000100005, longitude: 24.000049993)),
            .node(OSMNode(id: 12, latitude: 59.999999005, longitude: 24.000000993, tags: ["name": "Kahvila"])),
            .way(OSMWay(id: 20, nodeRefs: [10, 11, 12, 10], tags: ["name": "Kahvila"])),
            .relation(
                OSMRelation(
                    id: 30, members: [.init(kind: .way, ref: 20, role: "outer"), .init(kind: .node, ref: 10)],
                    tags: ["type": "multipolygon"])),
        ]
    }

    /// Writes `bytes` to a temporary file, runs `body` on its URL and removes the file.
    fileprivate func withTemporaryFile<T>(_ bytes: [UInt8], _ body: (URL) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).osm.pbf")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }
}
