import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A gazetteer file held open by descriptor, so that every connection reads this very file
/// even after another one is renamed over its path (`locator build --out`): connections open
/// `/proc/self/fd/N`, never the path again.
final class PinnedFile: @unchecked Sendable {
    let descriptor: Int32
    /// Device, inode, size and modification time: a file renamed over the path differs.
    let identity: [Int]

    /// Opens the file at `path` read-only; nil when it cannot be opened.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
        identity = Self.identity(info)
    }

    deinit { close(descriptor) }

    /// The path SQLite opens: this descriptor's file, whatever is at the original path now.
    var connectionPath: String { "/proc/self/fd/\(descriptor)" }

    /// Whether the file at `path` now is another file than this one (nil: none is there).
    static func identity(atPath path: String) -> [Int]? {
        var info = stat()
        return stat(path, &info) == 0 ? identity(info) : nil
    }

    private static func identity(_ info: stat) -> [Int] {
        [Int(info.st_dev), Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }
}
