/// A bounds-checked cursor over protobuf wire-format bytes.
///
/// Every read checks the bytes that remain and throws `OSMPBFError` rather than
/// reading past the end, so corrupt input cannot trap. The cursor only borrows its
/// bytes: it must not outlive the buffer it was made from.
struct ProtobufReader {
    /// The protobuf wire types; the deprecated group types (3 and 4) are rejected.
    enum WireType: UInt64 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case fixed32 = 5
    }

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    /// File offset of the blob these bytes were decoded from, quoted in error messages.
    let blobOffset: Int

    /// Reads `bytes`, which were decoded from the blob at `blobOffset` in the file.
    init(_ bytes: UnsafeRawBufferPointer, blobOffset: Int) {
        self.bytes = bytes
        self.blobOffset = blobOffset
    }

    /// A reader with nothing to read, standing in for an absent field.
    static func empty(blobOffset: Int) -> ProtobufReader {
        ProtobufReader(UnsafeRawBufferPointer(start: nil, count: 0), blobOffset: blobOffset)
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= bytes.count }

    /// The number of varints left, as a capacity hint for packed fields: every varint ends in exactly one byte below 0x80.
    var remainingVarintCount: Int {
        var count = 0
        for index in position..<bytes.count where bytes[index] < 0x80 {
            count += 1
        }
        return count
    }

    /// The number of varints before the next zero varint (a lone 0x00 byte), as a capacity hint for dense-node tags.
    var varintCountBeforeZero: Int {
        var count = 0
        for index in position..<bytes.count {
            let byte = bytes[index]
            if byte == 0 { break }
            if byte < 0x80 { count += 1 }
        }
        return count
    }

    /// Reads a base-128 varint of at most 10 bytes.
    mutating func varint() throws(OSMPBFError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) &<< shift
            if byte < 0x80 { return result }
            shift += 7
            if shift > 63 { throw corrupt("varint longer than 10 bytes") }
        }
        throw corrupt("truncated varint")
    }

    /// Reads a zigzag-encoded `sint64`.
    mutating func signedVarint() throws(OSMPBFError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// Reads a plain `int64` (or `int32`, which protobuf sign-extends to 64 bits).
    mutating func int64() throws(OSMPBFError) -> Int64 {
        Int64(bitPattern: try varint())
    }

    /// Reads a field key, returning the field number and its wire type.
    mutating func field() throws(OSMPBFError) -> (number: UInt64, wireType: WireType) {
        let key = try varint()
        guard let wireType = WireType(rawValue: key & 7) else {
            throw corrupt("unsupported protobuf wire type \(key & 7)")
        }
        return (key >> 3, wireType)
    }

    /// Reads the payload of a length-delimited field (bytes, a string, a message or a packed array).
    mutating func lengthDelimited() throws(OSMPBFError) -> UnsafeRawBufferPointer {
        let length = try varint()
        guard length <= UInt64(bytes.count - position) else {
            throw corrupt("length-delimited field of \(length) bytes overruns its message")
        }
        let start = position
        position += Int(length)
        return UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    }

    /// Reads a length-delimited field as a reader over its payload.
    mutating func message() throws(OSMPBFError) -> ProtobufReader {
        ProtobufReader(try lengthDelimited(), blobOffset: blobOffset)
    }

    /// Reads a length-delimited field as a string, repairing invalid UTF-8.
    mutating func string() throws(OSMPBFError) -> String {
        String(decoding: try lengthDelimited(), as: UTF8.self)
    }

    /// Skips the value of a field the caller does not use.
    mutating func skip(_ wireType: WireType) throws(OSMPBFError) {
        switch wireType {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed64: try advance(by: 8)
        case .fixed32: try advance(by: 4)
        }
    }

    /// An error describing corruption in this reader's blob.
    func corrupt(_ problem: String) -> OSMPBFError {
        OSMPBFError("corrupt OSM PBF file: \(problem) in blob at offset \(blobOffset)")
    }

    private mutating func advance(by count: Int) throws(OSMPBFError) {
        guard count <= bytes.count - position else { throw corrupt("truncated fixed-width field") }
        position += count
    }
}
