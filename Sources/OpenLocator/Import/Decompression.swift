import CZlib
import Foundation

/// zlib and gzip decompression through Debian's zlib.
enum Decompression {
    enum Format {
        /// zlib stream (RFC 1950), as OSM PBF blobs.
        case zlib
        /// gzip file (RFC 1952), as `cities500.txt.gz`.
        case gzip
    }

    /// Whether data starts with the gzip magic bytes.
    static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// Inflates `data`; `sizeHint` is the expected output size when known.
    /// - Throws: ``LocatorError`` `invalidInput` when the stream is corrupt or truncated.
    static func inflate(_ data: Data, format: Format, sizeHint: Int = 0) throws -> Data {
        var stream = z_stream()
        let windowBits: Int32 = format == .gzip ? 15 + 16 : 15
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw LocatorError(.invalidInput, "could not start zlib decompression")
        }
        defer { inflateEnd(&stream) }
        var output = Data(count: max(sizeHint, data.count * 4, 1024))
        var status: Int32 = Z_OK
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while status != Z_STREAM_END {
                if Int(stream.total_out) == output.count { output.count *= 2 }
                let produced = Int(stream.total_out)
                status = output.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int32 in
                    stream.next_out = buffer.bindMemory(to: Bytef.self).baseAddress! + produced
                    stream.avail_out = uInt(buffer.count - produced)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                if status == Z_BUF_ERROR && stream.avail_in == 0 {
                    throw LocatorError(.invalidInput, "compressed data ends early (truncated file)")
                }
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    throw LocatorError(.invalidInput, "compressed data is corrupt (zlib error \(status))")
                }
            }
        }
        output.count = Int(stream.total_out)
        return output
    }
}
