import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A gazetteer file held open by descriptor, so that every connection reads this very file
/// even after another one is renamed over its path (`locator build --out`): connections open
/// `/proc/self/fd/N`, never the path again.
///
/// The descriptor is the one thing every later connection depends on, and any code in the
/// process that closes a descriptor twice can close it (the number is reused by the next file
/// or socket opened). So it is kept far from the low numbers that open-and-close churn reuses,
/// and checked before each connection opens: when it no longer is this file, the path is
/// opened again if it still holds this very file, and refused with a clear reason otherwise.
final class PinnedFile: @unchecked Sendable {  // `descriptor` changes only under `lock`
    private let path: String
    private let lock = NSLock()
    /// The descriptor connections open through (internal for tests that close it as a stray
    /// `close` would).
    private(set) var descriptor: Int32
    /// Device, inode, size and modification time: a file renamed over the path differs.
    let identity: [Int]
    /// Device and inode: what the descriptor must still be open on.
    private var fileNumber: [Int] { Array(identity.prefix(2)) }

    /// Opens the file at `path` read-only; nil when it cannot be opened.
    init?(path: String) {
        guard let fd = Self.openHigh(path) else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return nil
        }
        self.path = path
        descriptor = fd
        identity = Self.identity(info)
    }

    deinit { close(descriptor) }

    /// The path SQLite opens: this file's descriptor, whatever is at the original path now.
    /// - Throws: ``LocatorError`` `gazetteerUnavailable` when the descriptor was closed by
    ///   other code and the path no longer holds this file.
    func connectionPath() throws -> String {
        try lock.withLock {
            var info = stat()
            if fstat(descriptor, &info) != 0 || Array(Self.identity(info).prefix(2)) != fileNumber {
                // Not ours any more: whatever has the number now belongs to someone else.
                guard let fd = Self.openHigh(path) else { throw lost() }
                guard fstat(fd, &info) == 0, Array(Self.identity(info).prefix(2)) == fileNumber else {
                    close(fd)
                    throw lost()
                }
                descriptor = fd
            }
            return "/proc/self/fd/\(descriptor)"
        }
    }

    private func lost() -> LocatorError {
        LocatorError(
            .gazetteerUnavailable,
            "the gazetteer '\(URL(fileURLWithPath: path).lastPathComponent)' was closed by other code in this program and its file has been replaced since; open it again"
        )
    }

    /// Whether the file at `path` now is another file than this one (nil: none is there).
    static func identity(atPath path: String) -> [Int]? {
        var info = stat()
        return stat(path, &info) == 0 ? identity(info) : nil
    }

    private static func identity(_ info: stat) -> [Int] {
        [Int(info.st_dev), Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }

    /// Opens `path` read-only at a descriptor number of 512 or more where the file limit allows
    /// (else where it lands).
    private static func openHigh(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let high = fcntl(fd, F_DUPFD_CLOEXEC, Int32(512))
        guard high >= 0 else { return fd }
        close(fd)
        return high
    }
}
