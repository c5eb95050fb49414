import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Finds the one data file in a ZIP archive, as GeoNames (`cities500.zip`,
/// `allCountries.zip`) and OpenAddresses hand them out, so ``ByteReader`` can stream it without
/// unzipping to disk. The archive's central directory (at its end) lists the entries; the one
/// that is not a folder, macOS metadata or a hidden file is read: stored, or deflated (and
/// inflated on the way). ZIP64 archives (over 4 GB) are read too.
///
/// Reference: PKWARE's APPNOTE.TXT, sections 4.3.7 (local header), 4.3.12 (central directory),
/// 4.3.14–4.3.16 (ZIP64 and end of central directory records).
enum ZipArchive {
    /// Where an entry's bytes lie in the archive, and how they are compressed.
    struct Entry {
        var name: String
        /// 0 stored, 8 deflated.
        var method: UInt16
        var dataOffset: Int64
        var compressedSize: Int64
    }

    /// Whether `bytes` start like a ZIP archive (a local file header).
    static func looksLikeZip(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// The archive's one data file.
    /// - Throws: ``LocatorError`` `invalidInput` naming the archive (`name`) when it is not a
    ///   readable ZIP, holds no data file or several, or uses encryption or another compression.
    static func dataEntry(fd: Int32, size: Int64, name: String) throws -> Entry {
        func invalid(_ problem: String) -> LocatorError { LocatorError(.invalidInput, "'\(name)' \(problem)") }
        let corrupt = invalid("is not a readable ZIP archive")
        func read(_ count: Int, at offset: Int64) throws -> [UInt8] {
            guard offset >= 0, count >= 0, offset + Int64(count) <= size else { throw corrupt }
            var bytes = [UInt8](repeating: 0, count: count)
            guard bytes.withUnsafeMutableBytes({ readFully(fd, into: $0, at: offset) }) else { throw corrupt }
            return bytes
        }

        // The end of central directory record: 22 bytes and a comment of up to 65,535.
        let tailLength = Int(min(size, 22 + 65_535))
        let tail = try read(tailLength, at: size - Int64(tailLength))
        guard
            let end = stride(from: tailLength - 22, through: 0, by: -1).first(where: {
                tail.uint32(at: $0) == 0x0605_4B50
            })
        else { throw corrupt }
        var entryCount = Int64(tail.uint16(at: end + 10))
        var directorySize = Int64(tail.uint32(at: end + 12))
        var directoryOffset = Int64(tail.uint32(at: end + 16))
        if entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: a locator just before the record points at the ZIP64 end record.
            let locatorAt = size - Int64(tailLength) + Int64(end) - 20
            let locator = try read(20, at: locatorAt)
            guard locator.uint32(at: 0) == 0x0706_4B50 else { throw corrupt }
            let record = try read(56, at: Int64(locator.uint64(at: 8)))
            guard record.uint32(at: 0) == 0x0606_4B50 else { throw corrupt }
            entryCount = Int64(record.uint64(at: 32))
            directorySize = Int64(record.uint64(at: 40))
            directoryOffset = Int64(record.uint64(at: 48))
        }
        guard entryCount >= 0, directoryOffset >= 0, directorySize >= 0, directorySize < 1 << 30 else { throw corrupt }
        let directory = try read(Int(directorySize), at: directoryOffset)

        var entries: [(name: String, method: UInt16, flags: UInt16, compressedSize: Int64, headerOffset: Int64)] = []
        var at = 0
        for _ in 0..<entryCount {
            guard at + 46 <= directory.count, directory.uint32(at: at) == 0x0201_4B50 else { throw corrupt }
            let nameLength = Int(directory.uint16(at: at + 28))
            let extraLength = Int(directory.uint16(at: at + 30))
            let commentLength = Int(directory.uint16(at: at + 32))
            guard at + 46 + nameLength + extraLength + commentLength <= directory.count else { throw corrupt }
            var compressedSize = Int64(directory.uint32(at: at + 20))
            let uncompressedSize = Int64(directory.uint32(at: at + 24))
            var headerOffset = Int64(directory.uint32(at: at + 42))
            // ZIP64 sizes and offset, in this order, for the fields that are 0xFFFFFFFF.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = directory.uint16(at: extra)
                let length = Int(directory.uint16(at: extra + 2))
                guard extra + 4 + length <= extraEnd else { throw corrupt }
                if id == 0x0001 {
                    // ZIP64: 8-byte values for the 32-bit fields that are 0xFFFFFFFF, in this order.
                    var field = extra + 4
                    func wide() throws -> Int64 {
                        guard field + 8 <= extra + 4 + length else { throw corrupt }
                        defer { field += 8 }
                        return Int64(directory.uint64(at: field))
                    }
                    if uncompressedSize == 0xFFFF_FFFF { _ = try wide() }
                    if compressedSize == 0xFFFF_FFFF { compressedSize = try wide() }
                    if headerOffset == 0xFFFF_FFFF { headerOffset = try wide() }
                }
                extra += 4 + length
            }
            let entryName = String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            entries.append(
                (entryName, directory.uint16(at: at + 10), directory.uint16(at: at + 8), compressedSize, headerOffset))
            at += 46 + nameLength + extraLength + commentLength
        }

        let data = entries.filter { entry in
            let base = entry.name.split(separator: "/").last.map(String.init) ?? ""
            return !entry.name.hasSuffix("/") && !entry.name.hasPrefix("__MACOSX/") && !base.hasPrefix(".")
        }
        guard let entry = data.first else { throw invalid("is a ZIP archive with no file in it") }
        guard data.count == 1 else {
            let some = data.prefix(3).map(\.name).joined(separator: ", ")
            throw invalid(
                "is a ZIP archive of \(data.count) files (\(some)\(data.count > 3 ? ", …" : "")); unzip it and give the files you want"
            )
        }
        guard entry.flags & 1 == 0 else { throw invalid("is an encrypted ZIP archive") }
        guard entry.method == 0 || entry.method == 8 else {
            throw invalid("uses ZIP compression method \(entry.method); only stored and deflated files are read")
        }
        let header = try read(30, at: entry.headerOffset)
        guard header.uint32(at: 0) == 0x0403_4B50 else { throw corrupt }
        let dataOffset = entry.headerOffset + 30 + Int64(header.uint16(at: 26)) + Int64(header.uint16(at: 28))
        guard dataOffset + entry.compressedSize <= size else { throw corrupt }
        return Entry(
            name: entry.name, method: entry.method, dataOffset: dataOffset, compressedSize: entry.compressedSize)
    }
}

extension Array where Element == UInt8 {
    /// Little-endian integers at a byte offset (the caller checks the bounds).
    fileprivate func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
    fileprivate func uint32(at offset: Int) -> UInt32 {
        UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
    }
    fileprivate func uint64(at offset: Int) -> UInt64 {
        UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32
    }
}
