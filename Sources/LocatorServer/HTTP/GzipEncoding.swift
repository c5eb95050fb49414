import CZlib
import Foundation

/// Gzip for answers a client accepts it for (`Accept-Encoding: gzip`): JSON of a batch or a
/// map layer shrinks five to ten times. Small bodies are sent as they are, where the header
/// would cost more than it saves.
enum GzipEncoding {
    /// Bodies shorter than this are not compressed.
    static let minimumBytes = 1024

    /// `response` gzipped when `acceptEncoding` takes gzip and the body is worth it; it says
    /// `Vary: Accept-Encoding` either way, so a cache keeps the two apart.
    static func encoded(_ response: HTTPResponse, acceptEncoding: String?) -> HTTPResponse {
        var response = response
        let headers = response.headers.map { $0.0.lowercased() }
        guard !headers.contains("content-encoding") else { return response }
        if !headers.contains("vary") { response.headers.append(("Vary", "Accept-Encoding")) }
        guard response.body.count >= minimumBytes, accepts(acceptEncoding),
            let compressed = gzip(response.body)
        else { return response }
        response.body = compressed
        response.headers.append(("Content-Encoding", "gzip"))
        return response
    }

    /// Whether an `Accept-Encoding` header takes gzip (not as `gzip;q=0`).
    static func accepts(_ header: String?) -> Bool {
        guard let header = header?.lowercased() else { return false }
        return header.split(separator: ",").contains { part in
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.first == "gzip" else { return false }
            return !fields.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
        }
    }

    /// `data` as one gzip member, or `nil` if zlib fails.
    static func gzip(_ data: Data, level: Int32 = 6) -> Data? {
        var stream = z_stream()
        // 15 + 16: a gzip header and trailer around the deflate stream.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        var input = [UInt8](data)
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Data(output[0..<Int(stream.total_out)])
    }
}
