import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP client for 127.0.0.1, to send exactly the bytes a test wants (malformed,
/// oversized, stalled, pipelined) and read what comes back.
final class RawHTTP: @unchecked Sendable {  // one thread uses a client at a time
    let fd: Int32
    /// Bytes read past the last response (the start of the next one).
    private var pending = Data()

    /// Connects to 127.0.0.1:`port`, from the loopback address `source` (any 127.x.y.z, to
    /// play another peer).
    init(port: UInt16, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw CocoaError(.fileReadUnknown) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close(fd) here: a class whose init throws once every property is set still runs
        // deinit, which closes it. Closing twice closed whatever file had reused the number
        // meanwhile (a gazetteer another test had just opened: SQLite error 266).
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Data(text.utf8)) }

    func send(_ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    /// Whether the server closed the connection (without sending anything) within `seconds`.
    func isClosedByPeer(seconds: Double = 2) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK)) <= 0
    }

    /// Reads until the peer closes or `seconds` pass without data.
    func readAll(seconds: Double = 10) -> String {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { break }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads one response (headers and a Content-Length body) without waiting for the close.
    func readResponse(seconds: Double = 10) -> (status: Int, headers: String, body: String)? {
        readResponseBytes(seconds: seconds).map { ($0.status, $0.headers, String(decoding: $0.body, as: UTF8.self)) }
    }

    /// ``readResponse(seconds:)`` with the body as it came (a gzipped one, say).
    func readResponseBytes(seconds: Double = 10) -> (status: Int, headers: String, body: Data)? {
        var data = pending
        pending = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = data.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
                let length =
                    head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if data.count - end.upperBound >= length {
                    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
                    let body = Data(data[end.upperBound..<(end.upperBound + length)])
                    pending = Data(data[(end.upperBound + length)...])
                    return (status, head, body)
                }
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return nil }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// One request on a fresh connection: the response's status, head and body.
    static func exchange(port: UInt16, _ request: String) throws -> (status: Int, headers: String, body: String)? {
        let client = try RawHTTP(port: port)
        client.send(request)
        return client.readResponse()
    }
}
