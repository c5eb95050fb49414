import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary file of a build in progress, locked (`flock`) for as long as its process
/// lives, so a later build can tell a live build's file from one a killed build left behind.
///
/// ```swift
/// let lock = try BuildLock(path: temporary.path)   // creates and locks the file
/// BuildLock.removeStale(in: folder, of: "finland.gazetteer")
/// ```
final class BuildLock {
    private let fd: Int32

    /// Creates (or truncates) the file at `path` and locks it.
    init(path: String) throws {
        fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw LocatorError(
                .buildFailed,
                "cannot write in \(URL(fileURLWithPath: path).deletingLastPathComponent().path): \(String(cString: strerror(errno)))"
            )
        }
        _ = flock(fd, LOCK_EX | LOCK_NB)
    }

    deinit { close(fd) }  // the lock goes with the descriptor, and with the process

    /// Removes the temporary files of earlier builds of `output` in `folder` that no live
    /// process holds (killed builds: `kill -9`, a closed pipe): ".finland.gazetteer.<uuid>.partial"
    /// and what SQLite and the index kept beside it.
    static func removeStale(in folder: URL, of output: String) {
        let prefix = ".\(output)."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names
        where name.hasPrefix(prefix) && name.hasSuffix(".partial") && !name.hasSuffix(".index.partial") {
            let path = folder.appendingPathComponent(name).path
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            let free = flock(fd, LOCK_EX | LOCK_NB) == 0
            if free {
                for suffix in ["", ".index.partial", "-journal", "-wal", "-shm", ".index.partial-journal"] {
                    unlink(path + suffix)
                }
            }
            close(fd)
        }
    }
}
