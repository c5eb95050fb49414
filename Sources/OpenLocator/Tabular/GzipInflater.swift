import CZlib

/// Inflates a gzip (or zlib) stream block by block, so a compressed file is read in bounded
/// memory; members of a concatenated gzip file follow one another.
final class GzipInflater {
    private var stream = z_stream()
    private var input: [UInt8] = []
    private var finished = false
    /// Where inflated bytes land before they are copied out, reused from call to call.
    private var chunk = [UInt8](repeating: 0, count: 1 << 18)

    /// - Parameter raw: a bare deflate stream (a ZIP entry's), without gzip or zlib header.
    init(raw: Bool = false) throws {
        // 15 + 32: a zlib or gzip header, detected; -15: none.
        guard inflateInit2_(&stream, raw ? -15 : 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            throw LocatorError(.invalidInput, "could not start gzip decompression")
        }
    }

    deinit { inflateEnd(&stream) }

    /// Decompresses what `compressed` (the next block of the file, `nil` at its end) completes.
    /// - Throws: ``LocatorError`` `invalidInput` for corrupt or truncated data.
    func inflate(_ compressed: [UInt8]?, name: String) throws -> [UInt8] {
        guard let compressed else {
            if !finished || !input.isEmpty {
                throw LocatorError(.invalidInput, "'\(name)' ends early: the compressed file is truncated")
            }
            return []
        }
        input += compressed
        // Bytes before `start` are inflated; they are dropped once, when this call returns.
        var start = 0
        defer { input.removeFirst(start) }
        var output: [UInt8] = []
        while start < input.count {
            if finished, !input[start...].contains(where: { $0 != 0 }) {
                start = input.count  // zero padding after the last member, which gzip ignores too
                break
            }
            if finished {
                // Another gzip member follows.
                guard inflateReset(&stream) == Z_OK else {
                    throw LocatorError(.invalidInput, "'\(name)' is not valid gzip")
                }
                finished = false
            }
            let (status, used, produced) = input.withUnsafeMutableBufferPointer { whole in
                let source = UnsafeMutableBufferPointer(rebasing: whole[start...])
                return chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_in = source.baseAddress
                    stream.avail_in = uInt(source.count)
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, source.count - Int(stream.avail_in), target.count - Int(stream.avail_out))
                }
            }
            output += chunk[..<produced]
            start += used
            switch status {
            case Z_STREAM_END: finished = true
            case Z_OK: continue
            case Z_BUF_ERROR where used == 0 && produced == 0: return output  // needs more input
            default: throw LocatorError(.invalidInput, "'\(name)' is corrupt compressed data (zlib error \(status))")
            }
        }
        return output
    }
}
