import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a file (or standard input) in large blocks, counting the bytes consumed, so readers
/// of CSV and JSON lines stream files of any size in bounded memory. A gzip file (told by its
/// first bytes) is inflated on the way, so `cities500.txt.gz` reads like `cities500.txt`, and
/// so is the one file in a ZIP archive (`cities500.zip`, see ``ZipArchive``).
///
/// ```swift
/// let reader = try ByteReader(path: "addresses.csv")
/// while let block = try reader.nextBlock() { … }
/// ```
public final class ByteReader {
    private let fd: Int32
    private let ownsDescriptor: Bool
    private let blockSize: Int
    /// The file's name, for messages (never a full path).
    public let name: String
    /// The file's size in bytes, when it is a regular file (not a pipe); for a ZIP archive, the
    /// compressed size of the file in it.
    public let size: Int64?
    /// Bytes of the file read so far (compressed bytes, for a gzip file or a ZIP archive).
    public private(set) var consumed: Int64 = 0
    /// Bytes ``nextBlock()`` has handed out (inflated bytes, for a compressed file).
    private var handedOut: Int64 = 0
    /// The last block handed out: where it starts among the bytes handed out, its length, and
    /// the bytes of the file (``consumed`` before and after) it was made from.
    private var lastBlock = (start: Int64(0), count: Int64(0), fileStart: Int64(0), fileEnd: Int64(0))
    private var inflater: GzipInflater?
    private var checkedCompression = false
    /// What is left of a ZIP archive's file (`nil`: the whole file is read).
    private var remainingInArchive: Int64?

    /// Opens a file; "-" reads standard input.
    /// - Throws: ``LocatorError`` `invalidInput` when the file cannot be read.
    public init(path: String, blockSize: Int = 1 << 20) throws {
        self.blockSize = blockSize
        name = path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
        if path == "-" {
            fd = 0
            ownsDescriptor = false
        } else {
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
                throw LocatorError(.invalidInput, "no readable input file '\(name)'")
            }
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else { throw LocatorError(.invalidInput, "no readable input file '\(name)'") }
            fd = opened
            ownsDescriptor = true
        }
        var status = stat()
        let isFile = fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        // Standard input from a file (`< file.csv`) is read from where it stands, maybe past
        // the start when a script read some of it first.
        let start = isFile ? max(0, Int64(lseek(fd, 0, SEEK_CUR))) : 0
        let fileSize = isFile ? max(0, Int64(status.st_size) - start) : nil
        var magic = [UInt8](repeating: 0, count: 4)
        if start == 0, let fileSize, fileSize >= 4, pread(fd, &magic, 4, 0) == 4, ZipArchive.looksLikeZip(magic) {
            let entry: ZipArchive.Entry
            do {
                entry = try ZipArchive.dataEntry(fd: fd, size: fileSize, name: name)
            } catch {
                if ownsDescriptor { close(fd) }
                throw error
            }
            lseek(fd, off_t(entry.dataOffset), SEEK_SET)
            remainingInArchive = entry.compressedSize
            size = entry.compressedSize
            checkedCompression = true
            if entry.method == 8 { inflater = try GzipInflater(raw: true) }
        } else {
            size = fileSize
        }
    }

    deinit { if ownsDescriptor { close(fd) } }

    private var peeked: [UInt8]?? = nil

    /// The first block, left to be read again by ``nextBlock()`` (to tell a file's format).
    public func peekFirstBlock() throws -> [UInt8]? {
        if let peeked { return peeked }
        let block = try nextBlock()
        peeked = .some(block)
        return block
    }

    /// Whether the first block's first character, after a BOM and blanks, is `{`: JSON lines or
    /// GeoJSON rather than CSV. (The block is read again by ``nextBlock()``.)
    public func startsWithJSONObject() throws -> Bool {
        let head = try peekFirstBlock() ?? []
        let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        return text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// The next block of bytes, or `nil` at the end.
    public func nextBlock() throws -> [UInt8]? {
        if let block = peeked {
            peeked = nil
            return block
        }
        let fileStart = consumed
        guard let block = try nextDecodedBlock() else {
            lastBlock = (handedOut, 0, consumed, consumed)  // the end: all of the file is used
            return nil
        }
        lastBlock = (handedOut, Int64(block.count), fileStart, consumed)
        handedOut += Int64(block.count)
        return block
    }

    /// How far into the file (the bytes ``size`` counts) a reader has come when it has used
    /// the first `offset` bytes ``nextBlock()`` handed out (``CSVReader/offset``,
    /// ``LineReader/offset``): `offset` itself for a plain file. For a compressed one, an
    /// estimate within the last block, its compressed bytes spread evenly over it.
    public func fileOffset(atBlockOffset offset: Int64) -> Int64 {
        guard inflater != nil else { return offset }
        guard lastBlock.count > 0 else { return lastBlock.fileEnd }
        let used = min(max(offset - lastBlock.start, 0), lastBlock.count)
        return lastBlock.fileStart + (lastBlock.fileEnd - lastBlock.fileStart) * used / lastBlock.count
    }

    /// The next block, inflated when the file is compressed.
    private func nextDecodedBlock() throws -> [UInt8]? {
        while true {
            var raw = try nextRawBlock()
            if !checkedCompression {
                checkedCompression = true
                while let first = raw, first.count < 2, let more = try nextRawBlock() { raw = first + more }
                if let raw, raw.count >= 2, raw[0] == 0x1F, raw[1] == 0x8B { inflater = try GzipInflater() }
                if let raw, ZipArchive.looksLikeZip(raw) {  // (a ZIP file is found in init)
                    throw LocatorError(.invalidInput, "'\(name)' is a ZIP archive: unzip it, or give it as a file")
                }
            }
            guard let inflater else { return raw }
            let block = try inflater.inflate(raw, name: name)
            if raw == nil { return block.isEmpty ? nil : block }
            if !block.isEmpty { return block }
        }
    }

    private func nextRawBlock() throws -> [UInt8]? {
        let wanted = remainingInArchive.map { Int(min(Int64(blockSize), $0)) } ?? blockSize
        guard wanted > 0 else { return nil }
        var block = [UInt8](repeating: 0, count: wanted)
        while true {
            let count = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw LocatorError(.invalidInput, "reading '\(name)' failed") }
            guard count > 0 else { return nil }
            block.removeSubrange(count...)
            consumed += Int64(count)
            remainingInArchive? -= Int64(count)
            return block
        }
    }
}
