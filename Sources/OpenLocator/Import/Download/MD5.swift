import Foundation

/// MD5 (RFC 1321), only to check a download against the `.md5` file its server publishes
/// beside it (Geofabrik's `*.osm.pbf.md5`): not for anything that needs a secure hash.
///
/// ```swift
/// var md5 = MD5()
/// md5.update(Data("abc".utf8))
/// md5.hexDigest   // "900150983cd24fb0d6963f7d28e17f72"
/// ```
struct MD5 {
    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
        14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15,
        21, 6, 10, 15, 21,
    ]
    private static let constants: [UInt32] = (0..<64).map {
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296))
    }

    mutating func update(_ data: Data) {
        length &+= UInt64(data.count)
        pending.append(contentsOf: data)
        let whole = pending.count / 64 * 64
        pending.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < whole {
                compress(UnsafeBufferPointer(rebasing: bytes[offset..<offset + 64]))
                offset += 64
            }
        }
        pending.removeFirst(whole)
    }

    /// The digest as 32 lowercase hex digits (ends the computation).
    var hexDigest: String {
        var copy = self
        var tail: [UInt8] = [0x80] + [UInt8](repeating: 0, count: (55 - Int(length % 64) + 64) % 64)
        let bits = length &* 8
        for index in 0..<8 { tail.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(index)))) }
        let total = copy.length
        copy.update(Data(tail))
        copy.length = total
        let (a, b, c, d) = copy.state
        return [a, b, c, d].map { word in
            (0..<4).map { String(format: "%02x", (word >> (8 * UInt32($0))) & 0xff) }.joined()
        }.joined()
    }

    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        var (a, b, c, d) = state
        let raw = UnsafeRawBufferPointer(block)
        for round in 0..<64 {
            var f: UInt32
            let g: Int
            switch round {
            case 0..<16: (f, g) = ((b & c) | (~b & d), round)
            case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * round + 1) % 16)
            case 32..<48: (f, g) = (b ^ c ^ d, (3 * round + 5) % 16)
            default: (f, g) = (c ^ (b | ~d), (7 * round) % 16)
            }
            // The block's words are little-endian.
            let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * g, as: UInt32.self))
            f = f &+ a &+ Self.constants[round] &+ word
            a = d
            d = c
            c = b
            let shift = Self.shifts[round]
            b = b &+ (f << shift | f >> (32 - shift))
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }

    /// The MD5 of a file, read in 1 MB blocks.
    static func hexDigest(ofFile url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var md5 = MD5()
        while let block = try handle.read(upToCount: 1 << 20), !block.isEmpty { md5.update(block) }
        return md5.hexDigest
    }
}
