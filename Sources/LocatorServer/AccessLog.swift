import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The access log: one line per request on stderr, written with a single `write(2)` under a
/// lock (FileHandle's write checks the descriptor with fstat/fcntl on every call, which showed
/// in profiles). Lines carry the path, never the query, so tokens stay out of the log.
public enum AccessLog {
    private static let lock = NSLock()

    /// Writes one line to stderr; a failed write is dropped (a log must not stop the server).
    public static func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(10)
        lock.withLock {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc.write(2, raw.baseAddress! + offset, raw.count - offset)
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }
}
