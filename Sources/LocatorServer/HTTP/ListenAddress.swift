import Foundation

/// Where a server listens: an IPv4 or IPv6 address, or a host name resolved to one
/// (`localhost`, `::1`, `[::1]`, `0.0.0.0`, `::`). A name with both kinds of address listens on
/// its IPv4 one, which every client of `localhost` tries.
struct ListenAddress {
    private(set) var storage = sockaddr_storage()
    let length: socklen_t
    let family: Int32

    /// - Throws: ``ServerError`` when `host` is neither an address nor a name that resolves.
    init(host: String, port: UInt16) throws {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = name.isEmpty ? EAI_NONAME : getaddrinfo(name, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw ServerError("'\(host.prefix(60))' is not an address or a host name this machine can resolve")
        }
        defer { freeaddrinfo(first) }
        var chosen = first
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {  // the first IPv4 address, else the first of any kind
            if entry.pointee.ai_family == AF_INET {
                chosen = entry
                break
            }
            next = entry.pointee.ai_next
        }
        family = chosen.pointee.ai_family
        length = chosen.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &storage) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: chosen.pointee.ai_addr, count: Int(length)))
        }
    }

    /// Runs `body` with the address as a `sockaddr` (for `bind`, `getsockname`).
    mutating func withSocketAddress<T>(_ body: (UnsafeMutablePointer<sockaddr>, socklen_t) -> T) -> T {
        let length = self.length
        return withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// The port, as bound (after `getsockname`, the one port 0 picked).
    var port: UInt16 {
        var storage = storage
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                address.pointee.sa_family == sa_family_t(AF_INET6)
                    ? address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        UInt16(bigEndian: $0.pointee.sin6_port)
                    }
                    : address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        UInt16(bigEndian: $0.pointee.sin_port)
                    }
            }
        }
    }

    /// A peer's address as text ("127.0.0.1", "::1"), from what `accept` filled in.
    static func text(of address: inout sockaddr_storage) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                if address.pointee.sa_family == sa_family_t(AF_INET6) {
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        var bytes = $0.pointee.sin6_addr
                        _ = inet_ntop(AF_INET6, &bytes, &text, socklen_t(INET6_ADDRSTRLEN))
                    }
                } else {
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        var bytes = $0.pointee.sin_addr
                        _ = inet_ntop(AF_INET, &bytes, &text, socklen_t(INET6_ADDRSTRLEN))
                    }
                }
            }
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
