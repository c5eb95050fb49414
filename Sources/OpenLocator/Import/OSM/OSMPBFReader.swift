import CZlib
import Foundation

/// Why an OSM PBF file could not be read, as one line such as
/// `"not an OSM PBF file: blob header too large (1010792557 bytes) at offset 0"` (for an XML file)
/// or `"corrupt OSM PBF file: truncated varint in blob at offset 1234"`.
public struct OSMPBFError: Error, CustomStringConvertible {
    /// The one-line message.
    public let description: String

    /// Creates an error with a one-line message.
    public init(_ description: String) {
        self.description = description
    }
}

/// Reads OpenStreetMap elements from an OSM PBF file (the `.osm.pbf` binary format).
///
/// Supports raw and zlib-compressed blobs, plain and dense nodes, ways and relations;
/// metadata (versions, timestamps, users) is skipped.
///
///     var cafes = 0
///     try OSMPBFReader(contentsOf: url).forEach { element in
///         if case .node(let node) = element, node.tags["amenity"] == "cafe" { cafes += 1 }
///     }
public struct OSMPBFReader: Sendable {
    /// The largest blob header the format allows.
    static let maxBlobHeaderSize = 64 * 1024
    /// The largest blob, compressed or not, the format allows.
    static let maxBlobSize = 32 * 1024 * 1024
    /// The required features this reader understands.
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    private enum Source {
        case data(Data)
        case file(MappedFile)
    }
    private let source: Source

    /// Opens the file at `url`, mapping it into memory; elements are decoded by `forEach`, which
    /// hands the pages it has read back to the kernel as it goes (a country's file is gigabytes).
    public init(contentsOf url: URL) throws {
        do {
            source = .file(try MappedFile(path: url.path))
        } catch {
            throw OSMPBFError("cannot read \(url.path): \(error)")
        }
    }

    /// Reads OSM PBF bytes already in memory.
    public init(data: Data) {
        source = .data(data)
    }

    /// The file's bytes, and a way to release the first `n` of them once read (a no-op for
    /// bytes given in memory).
    private func withBytes<T>(_ body: (UnsafeRawBufferPointer, _ release: (Int) -> Void) throws -> T) rethrows -> T {
        switch source {
        case .data(let data): return try data.withUnsafeBytes { try body($0, { _ in }) }
        case .file(let file): return try body(file.bytes, file.release(upTo:))
        }
    }

    /// Calls `visit` for each element in file order, and `afterBlock` after each block with
    /// the fraction of the file read (for progress).
    ///
    /// Throws `OSMPBFError` on malformed or unsupported input (elements before the
    /// bad block have been visited by then), and rethrows whatever `visit` throws.
    public func forEach(
        _ visit: (OSMElement) throws -> Void, afterBlock: (_ fraction: Double) -> Void = { _ in }
    ) throws {
        try withBytes { file, release in
            guard file.count > 0 else { throw OSMPBFError("not an OSM PBF file: the file is empty") }
            var buffer = InflateBuffer()
            defer { buffer.deallocate() }
            var offset = 0
            var released = 0
            while offset < file.count {
                if offset - released >= 64 << 20 {
                    release(offset)
                    released = offset
                }
                let blob = try Self.nextBlob(in: file, offset: &offset)
                if blob.headerOffset == 0, blob.type != "OSMHeader" {
                    throw OSMPBFError("not an OSM PBF file: first block is \"\(blob.type)\", not OSMHeader")
                }
                switch blob.type {
                case "OSMHeader": try Self.checkHeader(try buffer.payload(of: blob))
                case "OSMData": try PrimitiveBlock(try buffer.payload(of: blob)).forEach(visit)
                default: continue  // The format asks readers to skip blocks of unknown types.
                }
                afterBlock(Double(offset) / Double(file.count))
            }
        }
    }

    /// One framed blob: its type from the blob header and the bytes of its `Blob` message.
    struct Blob {
        /// The block type, `OSMHeader` or `OSMData`.
        var type: String
        /// File offset of the 4-byte length that starts the frame.
        var headerOffset: Int
        /// File offset of the `Blob` message.
        var blobOffset: Int
        /// The `Blob` message, borrowed from the file.
        var bytes: UnsafeRawBufferPointer
    }

    /// Reads the blob framed at `offset` and moves past it.
    ///
    /// A frame is a 4-byte big-endian length, a `BlobHeader` of that length, then a `Blob` of the header's `datasize`.
    static func nextBlob(in file: UnsafeRawBufferPointer, offset: inout Int) throws(OSMPBFError) -> Blob {
        let headerOffset = offset
        func framingError(_ problem: String) -> OSMPBFError {
            let kind = headerOffset == 0 ? "not an OSM PBF file" : "corrupt OSM PBF file"
            return OSMPBFError("\(kind): \(problem) at offset \(headerOffset)")
        }
        guard file.count - offset >= 4 else { throw framingError("truncated blob header length") }
        let headerSize = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        offset += 4
        guard headerSize <= maxBlobHeaderSize else {
            throw framingError("blob header too large (\(headerSize) bytes)")
        }
        guard headerSize <= file.count - offset else { throw framingError("truncated blob header") }
        let headerBytes = UnsafeRawBufferPointer(rebasing: file[offset..<offset + headerSize])
        var header = ProtobufReader(headerBytes, blobOffset: headerOffset)
        offset += headerSize

        var type: String?
        var dataSize: Int64?
        while !header.isAtEnd {
            let field = try header.field()
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): type = try header.string()
            case (3, .varint): dataSize = try header.int64()
            default: try header.skip(field.wireType)
            }
        }
        guard let type, let dataSize else { throw framingError("blob header without type or data size") }
        guard dataSize >= 0, dataSize <= maxBlobSize else { throw framingError("blob size \(dataSize) out of range") }
        guard dataSize <= file.count - offset else { throw framingError("truncated blob") }
        let blobOffset = offset
        offset += Int(dataSize)
        return Blob(
            type: type, headerOffset: headerOffset, blobOffset: blobOffset,
            bytes: UnsafeRawBufferPointer(rebasing: file[blobOffset..<offset]))
    }

    /// Reads an `HeaderBlock` and rejects files that need features this reader lacks.
    static func checkHeader(_ reader: ProtobufReader) throws(OSMPBFError) {
        var reader = reader
        while !reader.isAtEnd {
            let field = try reader.field()
            if field.number == 4, field.wireType == .lengthDelimited {
                let feature = try reader.string()
                guard supportedFeatures.contains(feature) else {
                    throw OSMPBFError(
                        "unsupported OSM PBF file: required feature \"\(feature)\" in blob at offset \(reader.blobOffset)"
                    )
                }
            } else {
                try reader.skip(field.wireType)
            }
        }
    }
}

/// A reusable output buffer for inflating blobs, so a file's thousands of blocks share one allocation.
private struct InflateBuffer {
    private var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// The uncompressed contents of `blob`: its `raw` bytes in place, or its `zlib_data` inflated into this buffer.
    mutating func payload(of blob: OSMPBFReader.Blob) throws(OSMPBFError) -> ProtobufReader {
        var reader = ProtobufReader(blob.bytes, blobOffset: blob.blobOffset)
        var rawSize: Int64?
        var zlibData: UnsafeRawBufferPointer?
        while !reader.isAtEnd {
            let field = try reader.field()
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): return ProtobufReader(try reader.lengthDelimited(), blobOffset: blob.blobOffset)
            case (2, .varint): rawSize = try reader.int64()
            case (3, .lengthDelimited): zlibData = try reader.lengthDelimited()
            case (4, _): throw unsupported("lzma", blob)
            case (5, _): throw unsupported("bzip2", blob)
            case (6, _): throw unsupported("lz4", blob)
            case (7, _): throw unsupported("zstd", blob)
            default: try reader.skip(field.wireType)
            }
        }
        guard let zlibData else { throw reader.corrupt("blob without data") }
        let capacity = rawSize ?? Int64(OSMPBFReader.maxBlobSize)
        guard capacity >= 0, capacity <= OSMPBFReader.maxBlobSize else {
            throw reader.corrupt("uncompressed size \(capacity) out of range")
        }
        guard let inflated = inflate(zlibData, capacity: Int(capacity)) else {
            throw reader.corrupt("zlib data does not inflate within \(capacity) bytes")
        }
        guard rawSize == nil || inflated.count == capacity else {
            throw reader.corrupt("zlib data inflates to \(inflated.count) bytes, not the declared \(capacity)")
        }
        return ProtobufReader(inflated, blobOffset: blob.blobOffset)
    }

    /// Inflates zlib data into the buffer, growing it to `capacity` bytes if needed; nil if zlib reports an error.
    private mutating func inflate(_ source: UnsafeRawBufferPointer, capacity: Int) -> UnsafeRawBufferPointer? {
        if storage.count < capacity {
            storage.deallocate()
            storage = .allocate(byteCount: capacity, alignment: 16)
        }
        var length = uLongf(capacity)
        let status = uncompress(
            storage.baseAddress?.assumingMemoryBound(to: Bytef.self), &length,
            source.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(source.count))
        guard status == Z_OK else { return nil }
        return UnsafeRawBufferPointer(rebasing: storage[0..<Int(length)])
    }

    /// Frees the buffer.
    func deallocate() {
        storage.deallocate()
    }

    private func unsupported(_ compression: String, _ blob: OSMPBFReader.Blob) -> OSMPBFError {
        OSMPBFError("unsupported OSM PBF file: \(compression)-compressed blob at offset \(blob.blobOffset)")
    }
}

/// A decoded `PrimitiveBlock`: its string table and coordinate scale, and its groups still to decode.
private struct PrimitiveBlock {
    private let body: ProtobufReader
    private var strings: [String] = []
    private var granularity: Int64 = 100
    private var latitudeOffset: Int64 = 0
    private var longitudeOffset: Int64 = 0

    /// Reads the block's string table and scale; the scale fields may follow the groups, so groups wait for `forEach`.
    init(_ body: ProtobufReader) throws(OSMPBFError) {
        self.body = body
        var reader = body
        while !reader.isAtEnd {
            let field = try reader.field()
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): strings = try Self.stringTable(try reader.message())
            case (17, .varint): granularity = try reader.int64()
            case (19, .varint): latitudeOffset = try reader.int64()
            case (20, .varint): longitudeOffset = try reader.int64()
            default: try reader.skip(field.wireType)
            }
        }
    }

    private static func stringTable(_ table: ProtobufReader) throws(OSMPBFError) -> [String] {
        var table = table
        var strings: [String] = []
        while !table.isAtEnd {
            let field = try table.field()
            if field.number == 1, field.wireType == .lengthDelimited {
                strings.append(try table.string())
            } else {
                try table.skip(field.wireType)
            }
        }
        return strings
    }

    /// Decodes every primitive group and visits its elements in order.
    func forEach(_ visit: (OSMElement) throws -> Void) throws {
        var reader = body
        while !reader.isAtEnd {
            let field = try reader.field()
            guard field.number == 2, field.wireType == .lengthDelimited else {
                try reader.skip(field.wireType)
                continue
            }
            var group = try reader.message()
            while !group.isAtEnd {
                let member = try group.field()
                switch (member.number, member.wireType) {
                case (1, .lengthDelimited): try visit(.node(try node(group.message())))
                case (2, .lengthDelimited): try denseNodes(group.message(), visit)
                case (3, .lengthDelimited): try visit(.way(try way(group.message())))
                case (4, .lengthDelimited): try visit(.relation(try relation(group.message())))
                default: try group.skip(member.wireType)
                }
            }
        }
    }

    private func node(_ reader: ProtobufReader) throws(OSMPBFError) -> OSMNode {
        var reader = reader
        var id: Int64 = 0, latitude: Int64 = 0, longitude: Int64 = 0
        var keys = ProtobufReader.empty(blobOffset: reader.blobOffset)
        var values = keys
        while !reader.isAtEnd {
            let field = try reader.field()
            switch (field.number, field.wireType) {
            case (1, .varint): id = try reader.signedVarint()
            case (2, .lengthDelimited): keys = try reader.message()
            case (3, .lengthDelimited): values = try reader.message()
            case (8, .varint): latitude = try reader.signedVarint()
            case (9, .varint): longitude = try reader.signedVarint()
            default: try reader.skip(field.wireType)
            }
        }
        return OSMNode(
            id: id, latitude: degrees(latitude, latitudeOffset), longitude: degrees(longitude, longitudeOffset),
            tags: try tags(keys: &keys, values: &values))
    }

    private func denseNodes(_ reader: ProtobufReader, _ visit: (OSMElement) throws -> Void) throws {
        var reader = reader
        var ids = ProtobufReader.empty(blobOffset: reader.blobOffset)
        var latitudes = ids, longitudes = ids, keysValues = ids
        while !reader.isAtEnd {
            let field = try reader.field()
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): ids = try reader.message()
            case (8, .lengthDelimited): latitudes = try reader.message()
            case (9, .lengthDelimited): longitudes = try reader.message()
            case (10, .lengthDelimited): keysValues = try reader.message()
            default: try reader.skip(field.wireType)
            }
        }
        var id: Int64 = 0, latitude: Int64 = 0, longitude: Int64 = 0
        while !ids.isAtEnd {
            id &+= try ids.signedVarint()
            latitude &+= try latitudes.signedVarint()
            longitude &+= try longitudes.signedVarint()
            let tagCount = keysValues.varintCountBeforeZero / 2
            var tags: [String: String] = tagCount == 0 ? [:] : Dictionary(minimumCapacity: tagCount)
            while !keysValues.isAtEnd {
                let key = try keysValues.varint()
                if key == 0 { break }
                tags[try string(key)] = try string(keysValues.varint())
            }
            try visit(
                .node(
                    OSMNode(
                        id: id, latitude: degrees(latitude, latitudeOffset),
                        longitude: degrees(longitude, longitudeOffset), tags: tags)))
        }
    }

    private func way(_ reader: ProtobufReader) throws(OSMPBFError) -> OSMWay {
        var reader = reader
        var id: Int64 = 0
        var keys = ProtobufReader.empty(blobOffset: reader.blobOffset)
        var values = keys, refs = keys
        while !reader.isAtEnd {
            let field = try reader.field()
            switch (field.number, field.wireType) {
            case (1, .varint): id = try reader.int64()
            case (2, .lengthDelimited): keys = try reader.message()
            case (3, .lengthDelimited): values = try reader.message()
            case (8, .lengthDelimited): refs = try reader.message()
            default: try reader.skip(field.wireType)
            }
        }
        var nodeRefs: [Int64] = []
        nodeRefs.reserveCapacity(refs.remainingVarintCount)
        var ref: Int64 = 0
        while !refs.isAtEnd {
            ref &+= try refs.signedVarint()
            nodeRefs.append(ref)
        }
        return OSMWay(id: id, nodeRefs: nodeRefs, tags: try tags(keys: &keys, values: &values))
    }

    private func relation(_ reader: ProtobufReader) throws(OSMPBFError) -> OSMRelation {
        var reader = reader
        var id: Int64 = 0
        var keys = ProtobufReader.empty(blobOffset: reader.blobOffset)
        var values = keys, roles = keys, memberIDs = keys, types = keys
        while !reader.isAtEnd {
            let field = try reader.field()
            switch (field.number, field.wireType) {
            case (1, .varint): id = try reader.int64()
            case (2, .lengthDelimited): keys = try reader.message()
            case (3, .lengthDelimited): values = try reader.message()
            case (8, .lengthDelimited): roles = try reader.message()
            case (9, .lengthDelimited): memberIDs = try reader.message()
            case (10, .lengthDelimited): types = try reader.message()
            default: try reader.skip(field.wireType)
            }
        }
        var members: [OSMRelation.Member] = []
        members.reserveCapacity(memberIDs.remainingVarintCount)
        var ref: Int64 = 0
        while !memberIDs.isAtEnd {
            ref &+= try memberIDs.signedVarint()
            let kind: OSMRelation.Member.Kind
            switch try types.varint() {
            case 0: kind = .node
            case 1: kind = .way
            case 2: kind = .relation
            case let other: throw types.corrupt("unknown relation member type \(other)")
            }
            members.append(OSMRelation.Member(kind: kind, ref: ref, role: try string(roles.varint())))
        }
        return OSMRelation(id: id, members: members, tags: try tags(keys: &keys, values: &values))
    }

    /// Pairs up parallel packed key and value string indices.
    private func tags(keys: inout ProtobufReader, values: inout ProtobufReader) throws(OSMPBFError) -> [String: String]
    {
        let tagCount = keys.remainingVarintCount
        var tags: [String: String] = tagCount == 0 ? [:] : Dictionary(minimumCapacity: tagCount)
        while !keys.isAtEnd {
            tags[try string(keys.varint())] = try string(values.varint())
        }
        return tags
    }

    private func string(_ index: UInt64) throws(OSMPBFError) -> String {
        guard index < UInt64(strings.count) else { throw body.corrupt("string index \(index) out of range") }
        return strings[Int(index)]
    }

    /// Converts a coordinate in units of `granularity` nanodegrees to degrees.
    /// Dividing, rather than multiplying by 1e-9, rounds exactly as libosmium does.
    private func degrees(_ value: Int64, _ offset: Int64) -> Double {
        Double(offset &+ granularity &* value) / 1e9
    }
}

/// A file mapped read-only. `@unchecked Sendable`: nothing changes after `init`, and the
/// mapping is only read (`release(upTo:)` drops pages of this private, unwritten mapping,
/// which are read from the file again if touched).
private final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MappingError(errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw MappingError(errno) }
        // A pipe or a device cannot be mapped (and reports no size).
        guard status.st_mode & S_IFMT == S_IFREG else { throw MappingError(description: "not a regular file") }
        guard status.st_size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let base = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw MappingError(errno)
        }
        bytes = UnsafeRawBufferPointer(start: base, count: Int(status.st_size))
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// Drops the pages before `offset` from this process: they were read and are not needed
    /// again, and left mapped they would count as the process's memory until it ends.
    func release(upTo offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let length = offset / Int(getpagesize()) * Int(getpagesize())
        if length > 0 { madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED) }
    }

    struct MappingError: Error, CustomStringConvertible {
        let description: String
        init(_ code: Int32) { description = String(cString: strerror(code)) }
        init(description: String) { self.description = description }
    }
}
