import Foundation

/// Writes small ZIP archives the way common tools do, for the tests of reading them: stored or
/// deflated entries (deflated by `/bin/gzip -n`, whose payload is a raw deflate stream followed
/// by the CRC-32), optionally with ZIP64 records and fields (as Python's `force_zip64` writes).
enum TinyZip {
    struct Entry {
        var name: String
        var data: Data
        var deflated = true
    }

    static func write(_ entries: [Entry], to url: URL, zip64: Bool = false) throws {
        var archive = Data()
        var directory = Data()
        for entry in entries {
            let (payload, crc) = try entry.deflated ? deflate(entry.data) : (entry.data, crc32(entry.data))
            let offset = archive.count
            let name = Data(entry.name.utf8)
            let method: UInt16 = entry.deflated ? 8 : 0
            // ZIP64: sizes and offset 0xFFFFFFFF, the real ones in the extra field.
            var extra = Data()
            if zip64 {
                extra.append(le(UInt16(1)))
                extra.append(le(UInt16(24)))
                extra.append(le(UInt64(entry.data.count)))
                extra.append(le(UInt64(payload.count)))
                extra.append(le(UInt64(offset)))
            }
            let small = { (value: Int) -> UInt32 in zip64 ? 0xFFFF_FFFF : UInt32(value) }
            archive.append(le(UInt32(0x0403_4B50)))
            archive.append(le(UInt16(zip64 ? 45 : 20)))
            archive.append(le(UInt16(0)))  // flags
            archive.append(le(method))
            archive.append(le(UInt32(0)))  // time and date
            archive.append(le(crc))
            archive.append(le(small(payload.count)))
            archive.append(le(small(entry.data.count)))
            archive.append(le(UInt16(name.count)))
            archive.append(le(UInt16(extra.count)))
            archive.append(name)
            archive.append(extra)
            archive.append(payload)

            directory.append(le(UInt32(0x0201_4B50)))
            directory.append(le(UInt16(zip64 ? 45 : 20)))
            directory.append(le(UInt16(zip64 ? 45 : 20)))
            directory.append(le(UInt16(0)))
            directory.append(le(method))
            directory.append(le(UInt32(0)))
            directory.append(le(crc))
            directory.append(le(small(payload.count)))
            directory.append(le(small(entry.data.count)))
            directory.append(le(UInt16(name.count)))
            directory.append(le(UInt16(extra.count)))
            directory.append(le(UInt16(0)))  // comment
            directory.append(le(UInt16(0)))  // disk
            directory.append(le(UInt16(0)))  // internal attributes
            directory.append(le(UInt32(0)))  // external attributes
            directory.append(le(small(offset)))
            directory.append(name)
            directory.append(extra)
        }
        let directoryOffset = archive.count
        archive.append(directory)
        if zip64 {
            let recordOffset = archive.count
            archive.append(le(UInt32(0x0606_4B50)))
            archive.append(le(UInt64(44)))
            archive.append(le(UInt16(45)))
            archive.append(le(UInt16(45)))
            archive.append(le(UInt32(0)))
            archive.append(le(UInt32(0)))
            archive.append(le(UInt64(entries.count)))
            archive.append(le(UInt64(entries.count)))
            archive.append(le(UInt64(directory.count)))
            archive.append(le(UInt64(directoryOffset)))
            archive.append(le(UInt32(0x0706_4B50)))
            archive.append(le(UInt32(0)))
            archive.append(le(UInt64(recordOffset)))
            archive.append(le(UInt32(1)))
        }
        archive.append(le(UInt32(0x0605_4B50)))
        archive.append(le(UInt16(0)))
        archive.append(le(UInt16(0)))
        archive.append(le(UInt16(zip64 ? 0xFFFF : UInt16(entries.count))))
        archive.append(le(UInt16(zip64 ? 0xFFFF : UInt16(entries.count))))
        archive.append(le(zip64 ? 0xFFFF_FFFF : UInt32(directory.count)))
        archive.append(le(zip64 ? 0xFFFF_FFFF : UInt32(directoryOffset)))
        archive.append(le(UInt16(0)))
        try archive.write(to: url)
    }

    /// The raw deflate stream and CRC-32 of `data`, from `gzip -n` (10-byte header, 8-byte trailer).
    private static func deflate(_ data: Data) throws -> (Data, UInt32) {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-n", "-c", "-9"]
        let input = Pipe()
        let output = Pipe()
        gzip.standardInput = input
        gzip.standardOutput = output
        try gzip.run()
        input.fileHandleForWriting.write(data)
        try input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        let trailer = compressed.suffix(8)
        let crc = trailer.prefix(4).enumerated().reduce(UInt32(0)) {
            $0 | UInt32($1.element) << (8 * UInt32($1.offset))
        }
        return (Data(compressed.dropFirst(10).dropLast(8)), crc)
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func le<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }
}
